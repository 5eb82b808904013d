package model

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sync"

	"github.com/chewxy/hm"

	"github.com/d4lang/d4/internal/gop"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/symbolic"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Table is what the exact loss needs of one problem, from its numbers and
// answer on the exact machine (Outcomes): for each slot execution on the
// trace, the decisions that read only the problem's numbers (Valid), the
// combinations of decisions whose result is the answer (Good), or with
// equation supervision whose program is the equation (Supervision), and
// which slot executions are picks (Picks, nil when none is: Model.Picks).
//
// A combination's probability, given that its decisions read only the
// problem's numbers, is the product over the slot executions of each
// one's probability of its decision renormalised over the decisions it may
// take: a choose slot's valid decisions, and a pick's valid decisions
// that no earlier pick of the combination took (p(a)·p(b)/(1 − p_b(a))·…
// when every decision is valid). The valid combinations are the product
// of the choose slots' valid decisions and the picks' sequences of
// distinct valid decisions, so that these probabilities sum to 1 over
// them.
type Table struct {
	Valid [][]bool
	Good  [][]int
	Picks []bool
	// prior is what the learned prior needs (PriorLoss), made for a
	// model with one.
	prior *priorTable
}

// Matches reports whether v is the answer a: equal, or for an answer that
// is not whole within 1e-4 of it relatively (the public data write 13/3 as
// 4.333333333333333), as the field scores answers.
func Matches(v, a *big.Rat) bool {
	if v.Cmp(a) == 0 {
		return true
	}
	if a.IsInt() {
		return false
	}
	d := new(big.Rat).Sub(v, a)
	tol := new(big.Rat).Abs(a)
	if tol.Cmp(big.NewRat(1, 1)) < 0 {
		tol.SetInt64(1)
	}
	tol.Mul(tol, big.NewRat(1, 10000))
	return d.Abs(d).Cmp(tol) <= 0
}

// ErrNoAnswer is wrapped by the error of a problem whose answer no
// combination of decisions gives: the sketch cannot express it.
var ErrNoAnswer = errors.New("no decisions of the sketch give the answer")

// Table returns the problem's table, made once (for the exact loss). A
// problem whose answer no combination gives is an error wrapping
// ErrNoAnswer. The first call on a problem writes it: make the tables of
// problems that several goroutines share before they do (package
// training's Scorable).
func (m *Model) Table(p *Problem) (*Table, error) {
	if p.table == nil && p.tableErr == nil {
		p.table, p.tableErr = m.makeTable(p)
	}
	if p.table != nil && m.Prior != nil && p.table.prior == nil {
		// made for a model without a prior: its values too
		if p.tableErr = m.addPriorTable(p, p.table); p.tableErr != nil {
			p.table = nil
		}
	}
	return p.table, p.tableErr
}

// makeTable makes a problem's table from the runs of its count of
// numbers: its good combinations those that give its answer, or with
// equation supervision those that make its equation (equationGood).
func (m *Model) makeTable(p *Problem) (*Table, error) {
	values := p.Values()
	s, valid, err := m.runsFor(len(values))
	if err != nil {
		return nil, fmt.Errorf("problem %d: %w", p.ID, err)
	}
	t := &Table{Valid: valid, Picks: m.Picks()}
	good, err := m.goodRuns(p, s, values)
	if err != nil {
		return nil, err
	}
	for _, j := range good {
		t.Good = append(t.Good, s.out[j].Choices)
	}
	if m.Prior != nil {
		t.prior = makePriorTable(s, values, good)
	}
	return t, nil
}

// goodRuns returns the indices in s.out of the problem's good
// combinations: those that give its answer (answerGood), or with equation
// supervision those that make its equation (equationGood).
func (m *Model) goodRuns(p *Problem, s *search, values []*big.Rat) ([]int, error) {
	if m.Supervision == SuperviseEquations {
		return equationGood(p, s, values)
	}
	return answerGood(p, s, values, m.Layout.Cells)
}

// addPriorTable adds to a problem's table t, made for a model without a
// prior, what the prior needs.
func (m *Model) addPriorTable(p *Problem, t *Table) error {
	values := p.Values()
	s, _, err := m.runsFor(len(values))
	if err != nil {
		return fmt.Errorf("problem %d: %w", p.ID, err)
	}
	good, err := m.goodRuns(p, s, values)
	if err != nil {
		return err
	}
	t.prior = makePriorTable(s, values, good)
	return nil
}

// answerGood returns the indices of the combinations of decisions of the
// runs s (in s.out) that give the problem's answer: their terms computed with its numbers in
// floating point with a bound on the error, and exactly where that cannot
// tell them from the answer. cells is the count of the sketch's number
// cells, which the runs' inputs fill.
func answerGood(p *Problem, s *search, values []*big.Rat, cells int) ([]int, error) {
	answer := p.ExactAnswer()
	if answer == nil {
		return nil, fmt.Errorf("problem %d has no known answer", p.ID)
	}
	buf := approxBufs.Get().(*[]symbolic.Approx)
	defer approxBufs.Put(buf)
	// the absent numbers' inputs, which no good combination reads, as 0
	padded := slices.Clone(values)
	for len(padded) < cells {
		padded = append(padded, new(big.Rat))
	}
	approx, ok := s.w.Approximate(padded, *buf)
	if !ok {
		return nil, fmt.Errorf("problem %d: %d numbers for the runs of %d", p.ID, len(values), len(values))
	}
	*buf = approx
	af, _ := answer.Float64()
	tol := math.Abs(af) * 1e-15
	if !answer.IsInt() {
		tol += 1e-4 * max(1, math.Abs(af))
	}
	var good []int
	for j, o := range s.out {
		if !approx[o.cell].Within(af, tol) {
			continue // the exact value cannot match
		}
		if v, div := s.w.ExactWith(o.cell, values); !div && Matches(v, answer) {
			good = append(good, j)
		}
	}
	if len(good) == 0 {
		return nil, fmt.Errorf("problem %d: %w (%s)", p.ID, ErrNoAnswer, answer.RatString())
	}
	return good, nil
}

// approxBufs holds the buffers of makeTable's approximations.
var approxBufs = sync.Pool{New: func() any { return new([]symbolic.Approx) }}

// countRuns are the runs of the sketch for one count of numbers, found
// once: the search of Outcomes with the numbers as inputs, and each
// slot execution's valid decisions. The sketch's control flow does not
// depend on the numbers' values (assemble's static trace), so the same
// runs make the same terms for every problem with that count, computed
// again with its numbers (symbolic.Exact.Approximate and ExactWith).
type countRuns struct {
	once  sync.Once
	s     *search
	valid [][]bool // shared by the tables: read only
	err   error
}

// runsFor returns the runs for n numbers, finding them on first use (safe
// for concurrent use).
func (m *Model) runsFor(n int) (*search, [][]bool, error) {
	if n < 0 || n >= len(m.runs) {
		return nil, nil, fmt.Errorf("%d numbers for %d cells", n, m.Layout.Cells)
	}
	r := &m.runs[n]
	r.once.Do(func() { r.s, r.valid, r.err = m.findRuns(n) })
	return r.s, r.valid, r.err
}

// findRuns runs the search for n numbers (any values: 2, 3, …) and finds
// each slot execution's valid decisions, checking that the exact loss can
// use them.
func (m *Model) findRuns(n int) (*search, [][]bool, error) {
	values := standIns(n)
	s, err := m.outcomes(values)
	if err != nil {
		return nil, nil, err
	}
	if m.slotsOnly && s.written {
		return nil, nil, errors.New("with its numbers, the sketch changes a cell a slot observes before the slot: the exact loss reads the slots on the initial heap")
	}
	valid := make([][]bool, len(m.Execs))
	for i, slot := range m.Execs {
		k, err := m.Alternatives(&m.Machine.Code.Slots[slot])
		if err != nil {
			return nil, nil, err
		}
		valid[i] = make([]bool, k)
	}
	picks := m.Picks()
	sequences := map[string]bool{} // the picks' decisions of each combination
	for _, o := range s.out {
		var key []byte
		for i, c := range o.Choices {
			valid[i][c] = true
			if picks != nil && picks[i] {
				key = append(key, byte(c))
			}
		}
		sequences[string(key)] = true
	}
	product := len(sequences)
	for i, v := range valid {
		if picks == nil || !picks[i] {
			product *= countTrue(v)
		}
	}
	if product != len(s.out) {
		return nil, nil, fmt.Errorf("the combinations that read only its numbers (%d) are not the product of each choose slot's such decisions and the picks' sequences (%d): the exact loss needs slots whose valid decisions do not depend on each other", len(s.out), product)
	}
	return s, valid, nil
}

// standIns are n numbers (2, 3, 4, …) for a search whose runs do not
// depend on the numbers' values, only on their count.
func standIns(n int) []*big.Rat {
	values := make([]*big.Rat, n)
	for k := range values {
		values[k] = big.NewRat(int64(k+2), 1)
	}
	return values
}

// countTrue counts the true elements of v.
func countTrue(v []bool) int {
	n := 0
	for _, ok := range v {
		if ok {
			n++
		}
	}
	return n
}

// Loss is −log of the probability that the decisions give the answer,
// given that they read only the problem's numbers: r, the sum over the
// good combinations of their probabilities (Prob), so that r ≤ 1 and the
// loss −log(r + ε) ≥ 0 (ε as ∂4's loss). Without picks, r = good / mass:
// good the probability of the good combinations under the slots'
// distributions p[i] (one per slot execution) and mass the product of each
// slot's mass on its valid decisions. When grad is not nil, it adds the
// loss's gradient with respect to each p[i] to grad[i].
func (t *Table) Loss(p, grad [][]float64) float64 {
	masses := t.masses(p)
	f := make([]float64, len(p))
	denoms := make([]float64, len(p))
	r := 0.0
	for _, c := range t.Good {
		r += t.factors(p, masses, c, f, denoms)
	}
	loss := -math.Log(r + d4.Eps)
	if grad == nil {
		return loss
	}
	// d loss = −d r / (r + ε); a combination's probability P = Π f_i with
	// f_i = p_i(c_i) / d_i, d_i the mass of the decisions slot execution i
	// may take (set S_i), so d P / d p_i(k) = (Π_{j≠i} f_j) ([k = c_i] −
	// f_i [k ∈ S_i]) / d_i.
	scale := -1 / (r + d4.Eps)
	for _, c := range t.Good {
		t.addGrad(p, masses, c, scale, f, denoms, grad)
	}
	return loss
}

// addGrad adds to grad scale times the gradient of the probability of the
// combination c (Prob) with respect to the distributions p (masses: each
// slot execution's mass on its valid decisions; f and denoms: buffers of
// factors).
func (t *Table) addGrad(p [][]float64, masses []float64, c []int, scale float64, f, denoms []float64, grad [][]float64) {
	pr := t.factors(p, masses, c, f, denoms)
	for i, k := range c {
		others := 1.0
		for j := range c {
			if j != i {
				others *= f[j]
			}
		}
		grad[i][k] += scale * others / denoms[i]
		for kk, ok := range t.Valid[i] {
			if ok && !t.taken(c, i, kk) {
				grad[i][kk] -= scale * pr / denoms[i]
			}
		}
	}
}

// Prob is the probability of the combination c of decisions under the
// slots' distributions p, given that the decisions read only the
// problem's numbers (Table).
func (t *Table) Prob(p [][]float64, c []int) float64 {
	return t.factors(p, t.masses(p), c, make([]float64, len(p)), make([]float64, len(p)))
}

// masses returns each slot execution's mass on its valid decisions.
func (t *Table) masses(p [][]float64) []float64 {
	masses := make([]float64, len(p))
	for i := range p {
		for k, ok := range t.Valid[i] {
			if ok {
				masses[i] += p[i][k]
			}
		}
	}
	return masses
}

// factors writes into f each slot execution's factor of the probability of
// the combination c — its decision's probability over denoms[i], the mass
// of the decisions it may take (masses[i]; for a pick, its valid
// decisions that no earlier pick of c took, summed afresh rather than
// subtracted from masses[i], which would cancel to rounding error when an
// earlier pick took nearly all the mass) — and returns their product.
func (t *Table) factors(p [][]float64, masses []float64, c []int, f, denoms []float64) float64 {
	pr := 1.0
	for i, k := range c {
		d := masses[i]
		if t.Picks != nil && t.Picks[i] {
			d = 0
			for kk, ok := range t.Valid[i] {
				if ok && !t.taken(c, i, kk) {
					d += p[i][kk]
				}
			}
		}
		denoms[i] = max(d, minMass)
		f[i] = p[i][k] / denoms[i]
		pr *= f[i]
	}
	return pr
}

// Free reports which decisions slot execution i may take after the
// decisions c[:i] of a combination: its valid decisions, less, for a pick,
// those the earlier picks took.
func (t *Table) Free(c []int, i int) []bool {
	free := slices.Clone(t.Valid[i])
	for k := range free {
		free[k] = free[k] && !t.taken(c, i, k)
	}
	return free
}

// NewTable returns the table of a problem whose slot executions have the
// valid decisions valid, with no good combinations: what Prob and Free
// need to weigh the model's combinations.
func (m *Model) NewTable(valid [][]bool) *Table {
	return &Table{Valid: valid, Picks: m.Picks()}
}

// taken reports whether an earlier pick of the combination c than slot
// execution i took decision k, which pick i then may not take (false when
// i is not a pick).
func (t *Table) taken(c []int, i, k int) bool {
	if t.Picks == nil || !t.Picks[i] {
		return false
	}
	for j := range i {
		if t.Picks[j] && c[j] == k {
			return true
		}
	}
	return false
}

// minMass bounds below a slot's mass on its valid decisions, so that
// dividing by it stays finite.
const minMass = 1e-30

// exactLoss adds the exact loss of a batch to a graph: the inputs good
// and valid (tableInputs) with the slots' outputs give each problem's loss,
// and the graph's loss is their mean.
func (m *Model) exactLoss(gr *graph) (*G.Node, error) {
	E := len(m.Execs)
	if len(gr.part.Slots) != E {
		return nil, fmt.Errorf("wap: %d slot outputs for %d slot executions", len(gr.part.Slots), E)
	}
	width := 0
	for _, s := range gr.part.Slots {
		width += s.Shape()[1]
	}
	gr.good = G.NewMatrix(gr.g, tensor.Float64, G.WithShape(gr.B, max(gr.G, 1)*E), G.WithName("good"))
	gr.valid = G.NewMatrix(gr.g, tensor.Float64, G.WithShape(gr.B, width), G.WithName("valid"))
	ins := append(append(G.Nodes{}, gr.part.Slots...), gr.good, gr.valid)
	op := &exactLossOp{execs: E, picks: m.Picks()}
	if m.Prior != nil {
		gr.prior = &priorGraph{w: G.NewMatrix(gr.g, tensor.Float64, G.WithShape(1, PriorFeatures), G.WithName("prior.w"), G.WithValue(m.Prior.W))}
		ins = append(ins, gr.prior.w)
		op.batch = &gr.prior.batch
	}
	op.Base = gop.NewBase("exactloss", len(ins))
	losses, err := G.ApplyOp(op, ins...)
	if err != nil {
		return nil, fmt.Errorf("wap: exact loss: %w", err)
	}
	return G.Mean(losses)
}

// tableInputs encodes the tables of a batch as the exact loss's inputs:
// good [B, G·E], each row the good combinations one after another, padded
// with −1 (a batch's problem has at most g good combinations), and valid
// [B, ΣK], 1 for a valid decision and 0 for another.
func (m *Model) tableInputs(ps []*Problem, g int) (good, valid []float64, err error) {
	E := len(m.Execs)
	g = max(g, 1)
	for _, p := range ps {
		t, err := m.Table(p)
		if err != nil {
			return nil, nil, err
		}
		if len(t.Good) > g {
			return nil, nil, fmt.Errorf("problem %d has %d good combinations, the graph takes %d", p.ID, len(t.Good), g)
		}
		row := make([]float64, g*E)
		for i := range row {
			row[i] = -1
		}
		for j, c := range t.Good {
			for i, k := range c {
				row[j*E+i] = float64(k)
			}
		}
		good = append(good, row...)
		for _, v := range t.Valid {
			for _, ok := range v {
				valid = append(valid, map[bool]float64{true: 1}[ok])
			}
		}
	}
	return good, valid, nil
}

// GoodBound is the number of good combinations a graph for problems ps
// takes: the most of any, rounded up to a power of two (graphs are built
// per bound). The tables must be made (Table).
func (m *Model) GoodBound(ps []*Problem) (int, error) {
	g := 1
	for _, p := range ps {
		t, err := m.Table(p)
		if err != nil {
			return 0, err
		}
		for g < len(t.Good) {
			g *= 2
		}
	}
	return g, nil
}

// exactLossOp is the exact loss of each problem of a batch [B]: its
// inputs are the E slot executions' distributions [B,K_i], then good
// [B, G·E] and valid [B, ΣK_i] (tableInputs), and with the learned prior
// its weights [1, PriorFeatures]. Without the prior it is stateless: the
// tables are inputs; with it, the batch's tables (whose runs and values
// are too many for inputs) are in *batch, set by Model.run before the
// graph runs, and the forward pass keeps the gradients it computes with
// the loss there (each problem's sum over every valid combination is
// computed once a batch, not once more for each input differentiated).
type exactLossOp struct {
	gop.Base
	execs int
	picks []bool      // Table.Picks
	batch *priorBatch // the batch's tables and gradients, with the prior
	diff  bool        // the gradients are wanted (SymDiff was called)
}

// priorGraph is the learned prior's part of a graph: its weights' node
// and the batch the exact loss reads.
type priorGraph struct {
	w     *G.Node
	batch priorBatch
}

// priorBatch is what the exact loss with the learned prior reads beside
// its inputs: the batch's tables (Model.run sets them and clears fresh),
// and the gradients of each problem's loss with respect to its
// distributions (grads[b][i]) and to the prior's weights (gw[b]), fresh
// once the forward pass computed them for these tables.
type priorBatch struct {
	tabs  []*Table
	grads [][][]float64
	gw    [][]float64
	fresh bool
}

// priorIn is the index of the prior's weights among the op's inputs.
func (o *exactLossOp) priorIn() int { return o.execs + 2 }

// priorLosses computes each problem's loss with the learned prior into
// out, and when the gradients are wanted keeps them in o.batch.
func (o *exactLossOp) priorLosses(vals []G.Value, out []float64) error {
	pb := o.batch
	B := vals[0].Shape()[0]
	if len(pb.tabs) != B {
		return fmt.Errorf("wap: the exact loss has %d tables for a batch of %d", len(pb.tabs), B)
	}
	w := vals[o.priorIn()].Data().([]float64)
	if o.diff {
		pb.grads, pb.gw = make([][][]float64, B), make([][]float64, B)
	}
	for b := range B {
		p, _ := batchTables(vals, o.execs, o.picks, b)
		var grad [][]float64
		var gw []float64
		if o.diff {
			grad = make([][]float64, len(p))
			for i := range p {
				grad[i] = make([]float64, len(p[i]))
			}
			gw = make([]float64, PriorFeatures)
			pb.grads[b], pb.gw[b] = grad, gw
		}
		loss, err := pb.tabs[b].PriorLoss(p, w, grad, gw)
		if err != nil {
			return err
		}
		if out != nil {
			out[b] = loss
		}
	}
	pb.fresh = o.diff
	return nil
}

// Type is matrix → … → matrix → vector.
func (o *exactLossOp) Type() hm.Type {
	ts := make([]hm.Type, o.Inputs+1)
	for i := range o.Inputs {
		ts[i] = G.TensorType{Dims: 2, Of: tensor.Float64}
	}
	ts[o.Inputs] = G.TensorType{Dims: 1, Of: tensor.Float64}
	return hm.NewFnType(ts...)
}

func (o *exactLossOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0])
}

func (o *exactLossOp) DiffWRT(n int) []bool {
	out := make([]bool, n)
	for i := range o.execs {
		out[i] = true
	}
	if o.batch != nil {
		out[o.priorIn()] = true
	}
	return out
}

// batchTables decodes the tables of example b from the op's inputs (picks:
// Table.Picks), and its distributions.
func batchTables(vals []G.Value, execs int, picks []bool, b int) (p [][]float64, t *Table) {
	t = &Table{Picks: picks}
	valid := vals[execs+1].Data().([]float64)
	off := b * vals[execs+1].Shape()[1]
	for i := range execs {
		K := vals[i].Shape()[1]
		p = append(p, vals[i].Data().([]float64)[b*K:(b+1)*K])
		v := make([]bool, K)
		for k := range v {
			v[k] = valid[off+k] != 0
		}
		off += K
		t.Valid = append(t.Valid, v)
	}
	good := vals[execs].Data().([]float64)
	W := vals[execs].Shape()[1]
	row := good[b*W : (b+1)*W]
	for j := 0; j+execs <= len(row) && row[j] >= 0; j += execs {
		c := make([]int, execs)
		for i := range c {
			c[i] = int(row[j+i])
		}
		t.Good = append(t.Good, c)
	}
	return p, t
}

func (o *exactLossOp) Do(vals ...G.Value) (G.Value, error) {
	B := vals[0].Shape()[0]
	out := make([]float64, B)
	if o.batch != nil {
		if err := o.priorLosses(vals, out); err != nil {
			return nil, err
		}
		return tensor.New(tensor.WithShape(B), tensor.WithBacking(out)), nil
	}
	for b := range B {
		p, t := batchTables(vals, o.execs, o.picks, b)
		out[b] = t.Loss(p, nil)
	}
	return tensor.New(tensor.WithShape(B), tensor.WithBacking(out)), nil
}

func (o *exactLossOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	gs := make(G.Nodes, len(in))
	wrt := make([]int, 0, o.execs+1)
	for i := range o.execs {
		wrt = append(wrt, i)
	}
	if o.batch != nil {
		wrt = append(wrt, o.priorIn())
	}
	o.diff = true
	for _, i := range wrt {
		args := append(append(G.Nodes{}, in...), grad)
		n, err := G.ApplyOp(&exactGradOp{Base: gop.NewBase(fmt.Sprintf("exactloss∂%d", i), len(args)), loss: o, wrt: i}, args...)
		if err != nil {
			return nil, err
		}
		gs[i] = n
	}
	return gs, nil
}

// exactGradOp is the gradient of the exact loss with respect to its
// input wrt — slot execution wrt's distributions, or the prior's weights
// (summed over the batch) —, times the gradient of the output [B] (its
// last input).
type exactGradOp struct {
	gop.Base
	loss *exactLossOp
	wrt  int
}

// Type is matrix → … → matrix → vector → matrix.
func (o *exactGradOp) Type() hm.Type {
	ts := make([]hm.Type, o.Inputs+1)
	for i := range o.Inputs {
		ts[i] = G.TensorType{Dims: 2, Of: tensor.Float64}
	}
	ts[o.Inputs-1] = G.TensorType{Dims: 1, Of: tensor.Float64}
	ts[o.Inputs] = G.TensorType{Dims: 2, Of: tensor.Float64}
	return hm.NewFnType(ts...)
}

func (o *exactGradOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[o.wrt].DimSize(0)
	if err != nil {
		return nil, err
	}
	k, err := ds[o.wrt].DimSize(1)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{b, k}, nil
}

func (o *exactGradOp) Do(vals ...G.Value) (G.Value, error) {
	up := vals[len(vals)-1].Data().([]float64)
	if pb := o.loss.batch; pb != nil {
		if !pb.fresh {
			if err := o.loss.priorLosses(vals[:len(vals)-1], nil); err != nil {
				return nil, err
			}
		}
		B := len(pb.tabs)
		if o.wrt == o.loss.priorIn() {
			out := make([]float64, PriorFeatures)
			for b := range B {
				for k, g := range pb.gw[b] {
					out[k] += up[b] * g
				}
			}
			return tensor.New(tensor.WithShape(1, PriorFeatures), tensor.WithBacking(out)), nil
		}
		K := vals[o.wrt].Shape()[1]
		out := make([]float64, B*K)
		for b := range B {
			for k, g := range pb.grads[b][o.wrt] {
				out[b*K+k] = up[b] * g
			}
		}
		return tensor.New(tensor.WithShape(B, K), tensor.WithBacking(out)), nil
	}
	B, K := vals[o.wrt].Shape()[0], vals[o.wrt].Shape()[1]
	out := make([]float64, B*K)
	for b := range B {
		p, t := batchTables(vals, o.loss.execs, o.loss.picks, b)
		grad := make([][]float64, len(p))
		for i := range p {
			grad[i] = make([]float64, len(p[i]))
		}
		t.Loss(p, grad)
		for k := range K {
			out[b*K+k] = up[b] * grad[o.wrt][k]
		}
	}
	return tensor.New(tensor.WithShape(B, K), tensor.WithBacking(out)), nil
}
