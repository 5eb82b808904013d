// Package seq2seq is the Seq2Seq baseline of the ∂4 paper (Bošnjak et al.,
// ICML 2017, §4 and appendix "Experimental details"): a single-layer LSTM
// encoder–decoder (Sutskever et al., 2014) with 50 units, trained with Adam
// (learning rate 0.01, batch 128, 500 epochs) and gradient clipping at a
// global L2 norm of 5.0, on the same sort and addition data as the sketches.
//
// # Model
//
// Tokens are integers 0 … V−1; the index V is the start (GO) token of the
// decoder. The encoder and the decoder are two LSTMs (package
// internal/lstm) with H units and separate weights. At every step the input row is [x_t, h_{t−1}, 1] and one
// matrix product with a fused weight W of shape [I+H+1, 4H] gives the
// pre-activations of the four gates (input i, forget f, candidate g, output
// o; the last row of W is the bias):
//
//	i = σ(a_i)  f = σ(a_f)  g = tanh(a_g)  o = σ(a_o)
//	c_t = f⊙c_{t−1} + i⊙g   h_t = o⊙tanh(c_t)
//
// The encoder starts from h = c = 0 and reads the input sequence last
// token first, as Sutskever et al. do (Config.ReverseSource, the default),
// or in order; the decoder starts from the encoder's final (h, c). The
// decoder's input at step t is the previous target token (teacher
// forcing), GO at step 0, and its output is softmax([h_t, 1]·W_out) over
// the V values. The output length is given by the task (sort: n, addition:
// n+1) and decoding emits exactly that many tokens; at test time decoding
// is greedy, feeding back the argmax of the previous step. The loss is the
// cross-entropy of the targets averaged over the tokens of the batch.
//
// Inputs: with Config.Embed = 0 (the default) x_t is the one-hot vector of
// the token (width V for the encoder, V+1 for the decoder), so the rows of
// W for x are a learned per-token vector of width 4H added to the gates —
// exactly what a learned embedding followed by the input weights computes,
// without the rank limit of an embedding narrower than V. With Embed = E >
// 0, x_t is a learned embedding of width E from a table of V+1 rows shared
// by the encoder and the decoder.
//
// # Training
//
// Train trains the model with package learn/fit's driver (Method is the model
// as the driver sees it): each epoch the pairs are shuffled and split into
// batches of Config.Batch; the last partial batch is trained as a smaller
// batch (on a graph of its size), which is pad-with-mask without the
// padding: its loss is the mean over its own tokens, and no example is
// dropped (data sets smaller than a batch still train). Each update is
// Adam (package optim) on the gradient rescaled to global L2 norm
// Config.Clip when its norm exceeds it. A NaN or infinite loss or
// gradient stops training with an error before the update. The paper's
// text says the clipping applies "when the L2 norm of the model parameters
// exceeded 5.0"; we read it, as is usual, as clipping the gradient's norm.
// The parameters kept are those of the best dev Hamming accuracy,
// measured every 10 epochs and after the last.
//
// Initialisation draws every weight uniformly from [−0.08, 0.08]
// (Sutskever et al.) from a generator seeded with Config.Seed; with the
// shuffling generator seeded too, training is deterministic: Gorgonia's
// TapeMachine runs the nodes in a fixed order, and where work is split over
// goroutines (gonum's matrix product by output blocks, the LSTM steps by
// rows) every output element is computed by one goroutine in a fixed order.
//
// # Implementation
//
// One Gorgonia graph is built per (batch size, input length, output length)
// and kind (training with teacher forcing and gradients, or greedy
// inference), cached in the Model and rerun with G.Let and vm.Reset. The
// parameter nodes share their tensors with the Model, so an update is seen
// by every graph. An unrolled step is 3 nodes in the encoder (concatenate,
// matrix product, lstm.Step) and 5 in the decoder (plus [h, 1] and
// the output product); the loss is one Op over all steps. See ops.go.
//
// Cached graphs keep their last values (about 80 MB for a batch of 128
// at input length 65 and output length 64). A Model is not safe for
// concurrent use.
package seq2seq

import (
	"errors"
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/lstm"
	"github.com/d4lang/d4/optim"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Config sets the model and its training.
type Config struct {
	Vocab  int // V: tokens are 0 … V−1 (V is the decoder's GO token)
	Hidden int // LSTM units H
	Embed  int // embedding width; 0: one-hot inputs
	Batch  int // examples per update (and per inference batch)
	Epochs int // epochs of training

	// Config holds Adam's settings: the learning rate and the global-norm
	// gradient clipping threshold (no noise, no weight decay).
	optim.Config
	Seed int64 // seeds the initialisation and the shuffling

	// ReverseSource makes the encoder read each input last token first.
	ReverseSource bool
}

// DefaultConfig is the paper's setting: 50 LSTM units, batch 128, 500
// epochs, Adam with learning rate 0.01, clipping at 5.0 (one-hot inputs),
// and the source reversed. The paper does not say how the source is read;
// reversed, the baseline reproduces the appendix's figure for addition
// (trained on 16384 sums of length 8, 98%; ours 100% of the test digits,
// against 66% read in order) and lands nearer the paper's
// Table 1 (the README has both).
func DefaultConfig(vocab int) Config {
	return Config{Vocab: vocab, Hidden: 50, Embed: 0, Batch: 128, Epochs: 500, Config: optim.Config{LR: 0.01, Clip: 5}, Seed: 1, ReverseSource: true}
}

func (c Config) validate() error {
	switch {
	case c.Vocab < 1:
		return fmt.Errorf("seq2seq: vocabulary size %d, want ≥ 1", c.Vocab)
	case c.Hidden < 1:
		return fmt.Errorf("seq2seq: %d hidden units, want ≥ 1", c.Hidden)
	case c.Embed < 0:
		return fmt.Errorf("seq2seq: embedding width %d, want ≥ 0", c.Embed)
	case c.Batch < 1:
		return fmt.Errorf("seq2seq: batch size %d, want ≥ 1", c.Batch)
	case c.Epochs < 0:
		return fmt.Errorf("seq2seq: %d epochs, want ≥ 0", c.Epochs)
	}
	if err := c.Config.Check(); err != nil {
		return fmt.Errorf("seq2seq: %w", err)
	}
	return nil
}

// ErrNotFinite is returned (wrapped) when a loss or a gradient is NaN or
// infinite; the parameters are left as they were before that batch.
var ErrNotFinite = optim.ErrNotFinite

// param is a weight tensor with its Adam moments.
type param struct {
	name string
	t    *tensor.Dense
	w    []float64
}

// Model is the encoder–decoder with its optimiser state and its graphs.
type Model struct {
	cfg                Config
	emb, enc, dec, out *param // emb is nil with one-hot inputs
	params             []*param
	rng                *rand.Rand
	graphs             map[shape]*graph
}

// shape identifies a graph.
type shape struct {
	batch, in, out int
	train          bool
}

// New initialises a model.
func New(cfg Config) (*Model, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	V, H, E := cfg.Vocab, cfg.Hidden, cfg.Embed
	m := &Model{cfg: cfg, rng: rand.New(rand.NewSource(cfg.Seed)), graphs: map[shape]*graph{}}
	inEnc, inDec := V, V+1
	if E > 0 {
		m.emb = m.newParam("emb", V+1, E)
		inEnc, inDec = E, E
	}
	m.enc = m.newParam("enc.W", inEnc+H+1, 4*H)
	m.dec = m.newParam("dec.W", inDec+H+1, 4*H)
	m.out = m.newParam("out.W", H+1, V)
	return m, nil
}

func (m *Model) newParam(name string, rows, cols int) *param {
	w := make([]float64, rows*cols)
	for i := range w {
		w[i] = (2*m.rng.Float64() - 1) * 0.08
	}
	p := &param{name: name, t: dense(rows, cols, w), w: w}
	m.params = append(m.params, p)
	return p
}

// Config returns the model's configuration.
func (m *Model) Config() Config { return m.cfg }

// graph is the unrolled network for one shape.
type graph struct {
	shape
	g        *G.ExprGraph
	src      *G.Node // input tokens [B, Tin]
	din      *G.Node // decoder input tokens [B, Tout] (GO, y_0, …), inference [B, 1] (GO)
	tgt      *G.Node // targets [B, Tout] (training)
	loss     *G.Node // mean cross-entropy (training)
	grads    G.Nodes // gradient of each parameter, in Model.params order (training)
	pred     *G.Node // greedy tokens [B, Tout] (inference)
	vm       G.VM
	fwdNodes int // nodes of the forward graph
	nodes    int // nodes with the gradients
}

func (m *Model) graph(s shape) (*graph, error) {
	if gr, ok := m.graphs[s]; ok {
		return gr, nil
	}
	gr, err := m.build(s)
	if err != nil {
		return nil, err
	}
	m.graphs[s] = gr
	return gr, nil
}

// builder holds what building one graph needs: the model, the graph and
// the parameters' nodes.
type builder struct {
	m       *Model
	gr      *graph
	V, H, E int
	S       int // width of a packed LSTM state
	nodes   map[*param]*G.Node
	params  G.Nodes // in Model.params order
}

// build unrolls the encoder and the decoder for a shape: the input nodes
// and the parameters, the encoder's steps, the decoder's steps with their
// logits, and the loss and its gradients (training) or the greedy tokens.
func (m *Model) build(s shape) (*graph, error) {
	b := m.newBuilder(s)
	st, err := b.encode()
	if err != nil {
		return nil, err
	}
	logits, err := b.decode(st)
	if err != nil {
		return nil, err
	}
	if err := b.finish(logits); err != nil {
		return nil, err
	}
	return b.gr, nil
}

// newBuilder starts a graph with its token matrices (src, tgt when
// training, din) and a node for each parameter.
func (m *Model) newBuilder(s shape) *builder {
	H := m.cfg.Hidden
	b := &builder{m: m, gr: &graph{shape: s, g: G.NewGraph()}, V: m.cfg.Vocab, H: H, E: m.cfg.Embed, S: lstm.Blocks * H, nodes: map[*param]*G.Node{}}
	g, f64, B := b.gr.g, tensor.Float64, s.batch
	b.gr.src = G.NewMatrix(g, f64, G.WithShape(B, s.in), G.WithName("src"))
	dw := 1
	if s.train {
		dw = s.out
		b.gr.tgt = G.NewMatrix(g, f64, G.WithShape(B, s.out), G.WithName("tgt"))
	}
	b.gr.din = G.NewMatrix(g, f64, G.WithShape(B, dw), G.WithName("din"))
	for _, p := range m.params {
		n := G.NewMatrix(g, f64, G.WithShape(p.t.Shape()...), G.WithName(p.name), G.WithValue(p.t))
		b.nodes[p] = n
		b.params = append(b.params, n)
	}
	return b
}

// input returns the op inputs and the part of x_t: the one-hot token
// (partTok or partArgmax reading src), or its embedding.
func (b *builder) input(name string, src *G.Node, p part, width int) (G.Nodes, part, error) {
	if b.E == 0 {
		p.input, p.width = 0, width
		return G.Nodes{src}, p, nil
	}
	p.input, p.width = 0, b.V+1
	oh, err := G.ApplyOp(newCat(name+".onehot", []int{src.Shape()[1]}, p), src)
	if err != nil {
		return nil, part{}, err
	}
	e, err := G.Mul(oh, b.nodes[b.m.emb])
	if err != nil {
		return nil, part{}, err
	}
	return G.Nodes{e}, part{kind: partCols, input: 0, width: b.E}, nil
}

// step adds an LSTM step reading x (op inputs ins, part xp) and the state
// st (nil: zero state) with the weights w, and returns the new state.
func (b *builder) step(name string, ins G.Nodes, xp part, st *G.Node, w *param) (*G.Node, error) {
	inW := make([]int, len(ins))
	for i, n := range ins {
		inW[i] = n.Shape()[1]
	}
	parts := []part{xp}
	if st == nil {
		parts = append(parts, part{kind: partZeros, width: b.H})
	} else {
		parts = append(parts, part{kind: partCols, input: len(ins), col: lstm.BlockH * b.H, width: b.H})
		ins = append(ins, st)
		inW = append(inW, b.S)
	}
	parts = append(parts, part{kind: partOne, width: 1})
	xh, err := G.ApplyOp(newCat(name+".in", inW, parts...), ins...)
	if err != nil {
		return nil, err
	}
	pre, err := G.Mul(xh, b.nodes[w])
	if err != nil {
		return nil, err
	}
	return lstm.Step(name+".cell", b.H, pre, st)
}

// encode reads the source tokens and returns the encoder's last state.
func (b *builder) encode() (*G.Node, error) {
	var st *G.Node
	for t := 0; t < b.gr.in; t++ {
		name := fmt.Sprintf("enc%d", t)
		ins, xp, err := b.input(name, b.gr.src, part{kind: partTok, col: t}, b.V)
		if err != nil {
			return nil, err
		}
		if st, err = b.step(name, ins, xp, st, b.m.enc); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// decode unrolls the decoder from the encoder's state st and returns the
// logits of each output step [B, V]. Training feeds it the target tokens
// (din); inference feeds it GO and then its own argmax.
func (b *builder) decode(st *G.Node) (G.Nodes, error) {
	var logits G.Nodes
	H := b.H
	for t := 0; t < b.gr.out; t++ {
		name := fmt.Sprintf("dec%d", t)
		src, p := b.gr.din, part{kind: partTok, col: t}
		if !b.gr.train {
			p.col = 0
			if t > 0 {
				src, p = logits[t-1], part{kind: partArgmax}
			}
		}
		ins, xp, err := b.input(name, src, p, b.V+1)
		if err != nil {
			return nil, err
		}
		if st, err = b.step(name, ins, xp, st, b.m.dec); err != nil {
			return nil, err
		}
		hb, err := G.ApplyOp(newCat(name+".h1", []int{b.S}, part{kind: partCols, col: lstm.BlockH * H, width: H}, part{kind: partOne, width: 1}), st)
		if err != nil {
			return nil, err
		}
		lg, err := G.Mul(hb, b.nodes[b.m.out])
		if err != nil {
			return nil, err
		}
		logits = append(logits, lg)
	}
	return logits, nil
}

// finish ends the graph: the mean cross-entropy and the parameters'
// gradients when training, the greedy tokens otherwise; and its machine.
func (b *builder) finish(logits G.Nodes) error {
	gr, g := b.gr, b.gr.g
	var err error
	if gr.train {
		op := &xentOp{baseOp: newBase("loss", gr.out+1), steps: gr.out}
		if gr.loss, err = G.ApplyOp(op, append(append(G.Nodes{}, logits...), gr.tgt)...); err != nil {
			return err
		}
		gr.fwdNodes = len(g.AllNodes())
		if gr.grads, err = G.Grad(gr.loss, b.params...); err != nil {
			return fmt.Errorf("seq2seq: gradients: %w", err)
		}
	} else {
		if gr.pred, err = G.ApplyOp(&argmaxOp{baseOp: newBase("argmax", gr.out)}, logits...); err != nil {
			return err
		}
		gr.fwdNodes = len(g.AllNodes())
	}
	gr.nodes = len(g.AllNodes())
	gr.vm = G.NewTapeMachine(g)
	return nil
}

// run binds the token matrices and runs the graph.
func (gr *graph) run(src, din, tgt []float64) error {
	if err := G.Let(gr.src, dense(gr.batch, gr.in, src)); err != nil {
		return err
	}
	if err := G.Let(gr.din, dense(gr.batch, len(din)/gr.batch, din)); err != nil {
		return err
	}
	if gr.train {
		if err := G.Let(gr.tgt, dense(gr.batch, gr.out, tgt)); err != nil {
			return err
		}
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return fmt.Errorf("seq2seq: running the graph: %w", err)
	}
	return nil
}

// checkTokens reports a token outside [0, V).
func (m *Model) checkTokens(what string, i int, seq []int) error {
	for _, v := range seq {
		if v < 0 || v >= m.cfg.Vocab {
			return fmt.Errorf("seq2seq: %s %d has token %d outside [0,%d)", what, i, v, m.cfg.Vocab)
		}
	}
	return nil
}

// checkPairs verifies that the pairs share their lengths (≥ 1) and hold
// tokens in range; it returns the lengths.
func (m *Model) checkPairs(pairs []data.Example) (in, out int, err error) {
	if len(pairs) == 0 {
		return 0, 0, errors.New("seq2seq: no pairs")
	}
	in, out = len(pairs[0].Input), len(pairs[0].Output)
	if in < 1 || out < 1 {
		return 0, 0, fmt.Errorf("seq2seq: input length %d and target length %d, want ≥ 1", in, out)
	}
	for i, p := range pairs {
		if len(p.Input) != in || len(p.Output) != out {
			return 0, 0, fmt.Errorf("seq2seq: pair %d has lengths %d→%d, pair 0 %d→%d", i, len(p.Input), len(p.Output), in, out)
		}
		if err := m.checkTokens("input", i, p.Input); err != nil {
			return 0, 0, err
		}
		if err := m.checkTokens("target", i, p.Output); err != nil {
			return 0, 0, err
		}
	}
	return in, out, nil
}

// srcPos is the encoder step that reads input token t of in.
func (m *Model) srcPos(t, in int) int {
	if m.cfg.ReverseSource {
		return in - 1 - t
	}
	return t
}

// lossGrad runs the training graph on a batch (lengths already checked)
// and returns the mean loss and the gradient of each parameter (valid
// until the next run).
func (m *Model) lossGrad(batch []data.Example) (float64, [][]float64, error) {
	B, in, out := len(batch), len(batch[0].Input), len(batch[0].Output)
	gr, err := m.graph(shape{batch: B, in: in, out: out, train: true})
	if err != nil {
		return 0, nil, err
	}
	src := make([]float64, B*in)
	din := make([]float64, B*out)
	tgt := make([]float64, B*out)
	for b, p := range batch {
		for t, v := range p.Input {
			src[b*in+m.srcPos(t, in)] = float64(v)
		}
		din[b*out] = float64(m.cfg.Vocab) // GO
		for t, v := range p.Output {
			tgt[b*out+t] = float64(v)
			if t+1 < out {
				din[b*out+t+1] = float64(v)
			}
		}
	}
	if err := gr.run(src, din, tgt); err != nil {
		return 0, nil, err
	}
	loss, err := scalar(gr.loss.Value())
	if err != nil {
		return 0, nil, err
	}
	grads := make([][]float64, len(gr.grads))
	for i, n := range gr.grads {
		d, ok := n.Value().Data().([]float64)
		if !ok || len(d) != len(m.params[i].w) {
			return 0, nil, fmt.Errorf("seq2seq: gradient of %s has %d values, want %d", m.params[i].name, len(d), len(m.params[i].w))
		}
		grads[i] = d
	}
	return loss, grads, nil
}

// Loss returns the mean per-token cross-entropy of the pairs (teacher
// forcing, no update).
func (m *Model) Loss(pairs []data.Example) (float64, error) {
	if _, _, err := m.checkPairs(pairs); err != nil {
		return 0, err
	}
	total := 0.0
	for start := 0; start < len(pairs); start += m.cfg.Batch {
		batch := pairs[start:min(start+m.cfg.Batch, len(pairs))]
		loss, _, err := m.lossGrad(batch)
		if err != nil {
			return 0, err
		}
		total += loss * float64(len(batch))
	}
	return total / float64(len(pairs)), nil
}

// Predict decodes greedily outLen tokens for each input (all of the same
// length ≥ 1), in batches of Config.Batch.
func (m *Model) Predict(inputs [][]int, outLen int) ([][]int, error) {
	if len(inputs) == 0 {
		return nil, nil
	}
	in := len(inputs[0])
	if in < 1 || outLen < 1 {
		return nil, fmt.Errorf("seq2seq: input length %d and output length %d, want ≥ 1", in, outLen)
	}
	for i, x := range inputs {
		if len(x) != in {
			return nil, fmt.Errorf("seq2seq: input %d has length %d, input 0 %d", i, len(x), in)
		}
		if err := m.checkTokens("input", i, x); err != nil {
			return nil, err
		}
	}
	out := make([][]int, 0, len(inputs))
	for start := 0; start < len(inputs); start += m.cfg.Batch {
		chunk := inputs[start:min(start+m.cfg.Batch, len(inputs))]
		B := len(chunk)
		gr, err := m.graph(shape{batch: B, in: in, out: outLen})
		if err != nil {
			return nil, err
		}
		src := make([]float64, B*in)
		din := make([]float64, B)
		for b, x := range chunk {
			for t, v := range x {
				src[b*in+m.srcPos(t, in)] = float64(v)
			}
			din[b] = float64(m.cfg.Vocab)
		}
		if err := gr.run(src, din, nil); err != nil {
			return nil, err
		}
		pred := gr.pred.Value().Data().([]float64)
		for b := 0; b < B; b++ {
			y := make([]int, outLen)
			for t := range y {
				y[t] = int(pred[b*outLen+t])
			}
			out = append(out, y)
		}
	}
	return out, nil
}

// Evaluate decodes every pair's input greedily (to the length of its
// target) and returns the per-token accuracy (1 − normalised Hamming
// distance, the paper's measure) and the fraction of sequences predicted
// exactly. Pairs may have different lengths; they are decoded in groups
// of equal lengths.
func Evaluate(m *Model, pairs []data.Example) (hamming, exact float64, err error) {
	if len(pairs) == 0 {
		return 0, 0, errors.New("seq2seq: no pairs to evaluate")
	}
	type lens struct{ in, out int }
	groups := map[lens][]int{}
	var keys []lens
	for i, p := range pairs {
		k := lens{len(p.Input), len(p.Output)}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	tokens, right, whole := 0, 0, 0
	for _, k := range keys {
		idx := groups[k]
		inputs := make([][]int, len(idx))
		for j, i := range idx {
			if err := m.checkTokens("target", i, pairs[i].Output); err != nil {
				return 0, 0, err
			}
			inputs[j] = pairs[i].Input
		}
		pred, err := m.Predict(inputs, k.out)
		if err != nil {
			return 0, 0, err
		}
		for j, i := range idx {
			ok := true
			for t, v := range pairs[i].Output {
				if pred[j][t] == v {
					right++
				} else {
					ok = false
				}
			}
			tokens += k.out
			if ok {
				whole++
			}
		}
	}
	return float64(right) / float64(tokens), float64(whole) / float64(len(pairs)), nil
}

// Params are the weights, in a fixed order (the model's own slices).
func (m *Model) Params() [][]float64 {
	out := make([][]float64, len(m.params))
	for i, p := range m.params {
		out[i] = p.w
	}
	return out
}
