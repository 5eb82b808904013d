// Package d4 is ∂4, the differentiable Forth abstract machine of Bošnjak
// et al., "Programming with a Differentiable Forth Interpreter" (ICML
// 2017), on Gorgonia: a sketch's compiled code (package forth) runs on a
// continuous state, its slots are neural networks, and the loss on the
// final data stack is differentiated with respect to the networks'
// weights.
//
// # The state
//
// The machine's state S = (D, d, R, r, H, c) is one packed float64 vector
// of Sizes.Len() values per example, in this order:
//
//	D  L×V   the data stack: L cells, each a distribution over the V values
//	d  L     the data stack's top pointer, a distribution over the cells
//	R  L×W   the return stack: W = max(V, P) holds values and return addresses
//	r  L     its top pointer
//	H  H×V   the heap, one distribution per cell
//	c  P     the program counter, a distribution over the P instructions
//
// A discrete state is the one-hot case (Sizes.InitialState builds the
// symbolic machine's start; State.Discrete reads the argmax back); package
// symbolic is its exact discrete limit. Stacks are circular, values are
// taken modulo V, comparisons give 1 or 0 and x/0 is 0, in both machines.
//
// # The kernel
//
// Every word's transition is written once, in the table primForms
// (words.go) indexed by the word, with a handful of operations on dense
// vectors: reading and writing a buffer through a soft address, shifting a
// pointer, arithmetic and comparison of two value distributions (O(V²),
// never a V³ tensor; the arithmetic is the word's one integer definition,
// forth.PrimDef.Int), folding a distribution into a smaller range, mixing
// states by weights. The kernel (kernel.go) runs them on an arena and,
// when asked to, records them on a tape and computes their gradients in
// reverse. One step of the execution RNN (§3.3) is the program counter's
// mixture of every instruction's next state; a slot's next state is the
// mixture of its alternatives (choose, permute) weighted by its network's
// distribution, or the distribution it writes (manipulate), as the table
// decoderForms (decoders.go) indexed by the kind of decoder says, with the
// shape of the network's output, the decision each one-hot output stands
// for and back (Sizes.Decision, Sizes.DecisionIndex; hybrid execution
// takes the decision of the argmax), and the outputs' names
// (OutputLabel). On one-hot states every form agrees with the symbolic
// machine (TestWordsMatchSymbolic, TestDecodersMatchSymbolic run every
// word and every kind). The package doc of forth lists what a new word or
// a new kind of decoder takes.
//
// # The graph
//
// The machine enters a Gorgonia graph through custom Ops (ops.go) whose
// forward and backward passes run the kernel on each example of the batch,
// in parallel:
//
//	observeOp       state [B,S] → the elements a slot observes [B,E]
//	groupSoftmaxOp  logits [B,n·k] → a softmax over each group of k
//	stepOp          state [B,S], slot outputs [B,K_i]… → next state [B,S]
//	lossOp          state [B,S], target [B,L·V+2L] → loss per example [B]
//
// A slot's network between observeOp and groupSoftmaxOp is ordinary
// Gorgonia nodes (Mul, BroadcastAdd, Tanh, Sigmoid) on the parameter
// tensors of Machine.Params, so Gorgonia's own differentiation reaches
// them. Machine.NewGraph unrolls T steps, each a stepOp fed by every
// slot's network reading the state before it, and ends in lossOp (the
// cross-entropy of the masked final data stack and its pointer, §3.5) and
// the mean over the batch: one graph from the initial states to the loss.
// With GraphOpts.Trace it unrolls only the words on a static trace (the
// control flow does not depend on the slots: symbolic.StaticTrace), a
// stretch of words between slots being one stepOp; with GraphOpts.Optim
// it applies the paper's two optimisations (§3.4). A Trainer (NewTrainer with a TrainerConfig:
// the step budget and a Mode, one of naive, collapse, interpolate, static
// and all) picks the graph for each batch, builds it once per shape, and
// returns the batch's loss and gradient (Trainer.Gradient); package
// learn/fit's driver takes the optimiser's steps.
//
// # ∂4 in your own graph
//
// Machine.Unroll adds the execution RNN to a graph you build: give it a
// node of initial states [B,S] (computed by your own nodes if you like: the
// word algebra model's BiLSTM writes the heap) and a node of targets
// [B,TargetWidth] (Sizes.Target makes one), and it returns the final state,
// the loss and the parameter nodes. Differentiate the loss with
// gorgonia.Grad with respect to the parameters, and to your own nodes, and
// run the graph with a tape machine; see the Machine.Unroll example.
//
// # Running a trained sketch
//
// Machine.Run executes the continuous machine one step at a time without
// recording (no graph is unrolled), optionally rounding the state to
// one-hot after every step (§4.1). Hybrid decides slots on the symbolic
// machine by the argmax of each network, which runs a model trained on
// short inputs on long ones quickly. A Model is saved as a model directory
// (Save, LoadModel): config.json with the sketch's source and sizes, and
// model.safetensors with the weights by name. Package learn trains any
// sketch from data into such directories; package export writes a trained
// sketch as a Forth program.
package d4
