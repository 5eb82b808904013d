package reader

import (
	"fmt"
	"math"
	"math/rand"
	"sync"

	"github.com/d4lang/d4/internal/lstm"
	"github.com/d4lang/d4/reader/lexicon"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// BiLSTM is the reader's network (§4.4 of the paper): word embeddings read
// by one LSTM left to right and one right to left (each an lstm.Layer).
// The state of a token is the concatenation [h→, h←] of the two
// directions' hidden states there (2·Hidden values).
//
// Each direction's weights are one matrix W [Embed+Hidden+1, 4·Hidden]: the
// rows multiply the input x_t, the previous hidden state h_{t−1} and a
// constant 1 (the bias row); the columns are the pre-activations of the
// gates i, f, g, o in that order:
//
//	i = σ(a_i)  f = σ(a_f)  g = tanh(a_g)  o = σ(a_o)
//	c_t = f⊙c_{t−1} + i⊙g    h_t = o⊙tanh(c_t)
//
// with h and c zero before the first token.
//
// A token's input x_t is its word's embedding plus the vectors of the
// lexical classes of its word (package lexicon), at most MaxClasses of
// them: E's first Vocab rows are the words', the Classes rows after them
// the classes'. A reader of no classes reads the word embeddings alone.
// A reader with fixed vectors (UseVectors) reads a word that has one
// (a row of Fixed that is not all zeros) from that vector in place of its
// row of E, which it neither reads nor trains.
type BiLSTM struct {
	Vocab, Classes, Embed, Hidden int
	E                             *tensor.Dense // embeddings [Vocab+Classes, Embed]
	Fwd, Bwd                      *tensor.Dense // the two directions' W [Embed+Hidden+1, 4·Hidden]
	// Fixed, when not nil, are pretrained word vectors [Vocab, Embed]
	// (package vectors), zeros for the words that have none: frozen, they
	// are not among Params.
	Fixed *tensor.Dense
}

// UseVectors gives the reader pretrained word vectors, rows [Vocab,
// Embed] of which found says which words have one (the others' rows are
// not read). Fine-tuned (fixed false), a word's vector replaces its drawn
// embedding, which training goes on to change; fixed, they become Fixed
// (frozen), and the words' rows of E, no longer read, are set to zero.
func (r *BiLSTM) UseVectors(rows []float64, found []bool, fixed bool) error {
	if len(rows) != r.Vocab*r.Embed || len(found) != r.Vocab {
		return fmt.Errorf("reader: %d vector values for %d words, want %d words of %d", len(rows), len(found), r.Vocab, r.Embed)
	}
	e := r.E.Float64s()
	var f []float64
	if fixed {
		f = make([]float64, len(rows))
		r.Fixed = tensor.New(tensor.WithShape(r.Vocab, r.Embed), tensor.WithBacking(f))
	}
	for w, ok := range found {
		if !ok {
			continue
		}
		row := rows[w*r.Embed : (w+1)*r.Embed]
		if fixed {
			copy(f[w*r.Embed:], row)
			clear(e[w*r.Embed : (w+1)*r.Embed])
		} else {
			copy(e[w*r.Embed:], row)
		}
	}
	return nil
}

// fixedRow returns word w's row of Fixed, or nil when the reader has no
// fixed vectors or w's row is all zeros (a word without one).
func (r *BiLSTM) fixedRow(w int) []float64 {
	if r.Fixed == nil {
		return nil
	}
	row := r.Fixed.Float64s()[w*r.Embed : (w+1)*r.Embed]
	for _, v := range row {
		if v != 0 {
			return row
		}
	}
	return nil
}

// MaxClasses is the most lexical classes a token's input adds: as many as
// the lexicon gives a word.
const MaxClasses = lexicon.MaxClasses

// NoClass fills a token's unused class slots.
const NoClass = -1

// NewBiLSTM draws the weights from a seeded generator: embeddings from
// N(0, 0.1²) (the paper initialises word vectors randomly), W uniform in
// ±1/√Hidden, and the forget gates' biases at 1 so that early training
// keeps what it has read; the classes' vectors start at zero, so that
// they add nothing until training finds what a class says.
func NewBiLSTM(vocab, classes, embed, hidden int, seed int64) (*BiLSTM, error) {
	r, err := ZeroBiLSTM(vocab, classes, embed, hidden)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewSource(seed))
	e := r.E.Float64s()
	for i := range e[:vocab*embed] {
		e[i] = 0.1 * rng.NormFloat64()
	}
	for _, w := range []*tensor.Dense{r.Fwd, r.Bwd} {
		rows, cols := embed+hidden+1, 4*hidden
		d := w.Float64s()
		a := 1 / math.Sqrt(float64(hidden))
		for i := range d {
			d[i] = a * (2*rng.Float64() - 1)
		}
		bias := d[(rows-1)*cols:]
		for j := 0; j < 4*hidden; j++ {
			bias[j] = 0
		}
		for j := hidden; j < 2*hidden; j++ {
			bias[j] = 1
		}
	}
	return r, nil
}

// ZeroBiLSTM returns a BiLSTM of these sizes whose weights are all zero:
// what a loader fills with trained weights (NewBiLSTM draws them).
func ZeroBiLSTM(vocab, classes, embed, hidden int) (*BiLSTM, error) {
	if _, err := NumWeights(vocab, classes, embed, hidden, maxWeights); err != nil {
		return nil, err
	}
	rows, cols := embed+hidden+1, 4*hidden
	return &BiLSTM{Vocab: vocab, Classes: classes, Embed: embed, Hidden: hidden,
		E:   tensor.New(tensor.WithShape(vocab+classes, embed), tensor.WithBacking(make([]float64, (vocab+classes)*embed))),
		Fwd: tensor.New(tensor.WithShape(rows, cols), tensor.WithBacking(make([]float64, rows*cols))),
		Bwd: tensor.New(tensor.WithShape(rows, cols), tensor.WithBacking(make([]float64, rows*cols))),
	}, nil
}

// maxWeights bounds the weights of any BiLSTM (8 TB of them): sizes
// beyond it are refused, not multiplied past the range of an int.
const maxWeights = 1 << 40

// NumWeights returns the number of weights of a BiLSTM of these sizes:
// the embeddings [vocab+classes, embed] and the two directions' matrices
// [embed+hidden+1, 4·hidden]. It fails for a size that is not positive
// (classes may be 0) or for more weights than limit: a loader passes what
// its file can hold, to check sizes read from a file before anything is
// allocated for them.
func NumWeights(vocab, classes, embed, hidden, limit int) (int, error) {
	if vocab < 1 || embed < 1 || hidden < 1 || classes < 0 {
		return 0, fmt.Errorf("reader: BiLSTM sizes must be positive, got vocabulary %d, classes %d, embedding %d, hidden %d", vocab, classes, embed, hidden)
	}
	// In floating point, which does not overflow; below maxWeights
	// (2^40 < 2^53) the count is exact.
	e := (float64(vocab) + float64(classes)) * float64(embed)
	w := (float64(embed) + float64(hidden) + 1) * 4 * float64(hidden)
	if n := e + 2*w; n > float64(min(limit, maxWeights)) {
		return 0, fmt.Errorf("reader: a BiLSTM of vocabulary %d, classes %d, embedding %d and hidden %d has %.4g weights, more than %d",
			vocab, classes, embed, hidden, n, min(limit, maxWeights))
	}
	return int(e + 2*w), nil
}

// Width is the width of a token's state: 2·Hidden.
func (r *BiLSTM) Width() int { return 2 * r.Hidden }

// layer is one direction's LSTM.
func (r *BiLSTM) layer() lstm.Layer { return lstm.Layer{In: r.Embed, Hidden: r.Hidden} }

// stories is a batch of token ids [B,T] (Pad after each story's end) and
// their classes [B, T·MaxClasses] as the LSTM reads them: the stories'
// lengths and their order by length.
type stories struct {
	ids, classes []float64
	B, T         int
	lens         []int
	batch        lstm.Batch
}

// readStories checks a batch of token ids against the vocabulary and
// their classes against the reader's, and reads the stories' lengths.
func (r *BiLSTM) readStories(v, cv G.Value, T int) (*stories, error) {
	ids, ok := v.Data().([]float64)
	if !ok || len(v.Shape()) != 2 || v.Shape()[1] != T {
		return nil, fmt.Errorf("reader: token ids of shape %v, want [B, %d] float64", v.Shape(), T)
	}
	B := v.Shape()[0]
	classes, ok := cv.Data().([]float64)
	if !ok || !cv.Shape().Eq(tensor.Shape{B, T * MaxClasses}) {
		return nil, fmt.Errorf("reader: token classes of shape %v, want [%d, %d] float64", cv.Shape(), B, T*MaxClasses)
	}
	s := &stories{ids: ids, classes: classes, B: B, T: T, lens: make([]int, B)}
	for i, id := range ids {
		if id != Pad && (id < 0 || int(id) >= r.Vocab || id != float64(int(id))) {
			return nil, fmt.Errorf("reader: token id %v at %d outside the vocabulary of %d", id, i, r.Vocab)
		}
	}
	for i, c := range classes {
		if c != NoClass && (c < 0 || int(c) >= r.Classes || c != float64(int(c))) {
			return nil, fmt.Errorf("reader: class %v at %d outside the reader's %d classes", c, i, r.Classes)
		}
	}
	for b := range s.lens {
		s.lens[b] = T
		for t := 0; t < T; t++ {
			if ids[b*T+t] == Pad {
				s.lens[b] = t
				break
			}
		}
	}
	var err error
	if s.batch, err = lstm.NewBatch(s.lens); err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	return s, nil
}

// token returns where example b reads at its step t in one direction (in
// order, forward, or from the end, backward): the index of its token in
// the batch, b·T + position.
func (s *stories) token(backward bool) func(b, t int) int {
	if backward {
		return func(b, t int) int { return b*s.T + s.lens[b] - 1 - t }
	}
	return func(b, t int) int { return b*s.T + t }
}

// rows calls fn with each row of E that token i adds up: its word's
// (unless the word has a fixed vector), then its classes'.
func (r *BiLSTM) rows(s *stories, i int, fn func(row int)) {
	if w := int(s.ids[i]); r.fixedRow(w) == nil {
		fn(w)
	}
	for _, c := range s.classes[i*MaxClasses : (i+1)*MaxClasses] {
		if c != NoClass {
			fn(r.Vocab + int(c))
		}
	}
}

// pos is the token position of example b's step t in one direction.
func (s *stories) pos(backward bool, b, t int) int {
	if backward {
		return s.lens[b] - 1 - t
	}
	return t
}

// runLen is the length of a run of the reader over B stories of at most T
// tokens: the token states [B, T·2H], then each direction's LSTM tape (at
// its longest, every story T tokens long).
func (r *BiLSTM) runLen(B, T int) int { return B*T*r.Width() + 2*r.layer().TapeLen(B*T) }

// split cuts a run into the token states and the directions' tapes.
func (r *BiLSTM) split(run []float64, B, T int) (states []float64, tapes [2][]float64) {
	n, tl := B*T*r.Width(), r.layer().TapeLen(B*T)
	return run[:n], [2][]float64{run[n : n+tl], run[n+tl : n+2*tl]}
}

// embed is an LSTM input that reads the inputs of the tokens: the sum of
// their rows of E (rows), and their word's fixed vector if it has one.
func (r *BiLSTM) embed(E []float64, s *stories, token func(b, t int) int) func(b, t int, x []float64) {
	return func(b, t int, x []float64) {
		i := token(b, t)
		if f := r.fixedRow(int(s.ids[i])); f != nil {
			copy(x, f)
		} else {
			clear(x)
		}
		r.rows(s, i, func(row int) {
			for j, v := range E[row*r.Embed : (row+1)*r.Embed] {
				x[j] += v
			}
		})
	}
}

// forward runs both directions over the stories, at once on two
// goroutines: the token states [B, T·2H] of example b at position p are
// [h→_p, h←_p], zero after the story's end; each direction's tape takes
// at least layer().TapeLen(Σ lengths) values.
func (r *BiLSTM) forward(E, Wf, Wb []float64, s *stories, states []float64, tapes [2][]float64) {
	W2, H := r.Width(), r.Hidden
	clear(states)
	var wg sync.WaitGroup
	for d, W := range [][]float64{Wf, Wb} {
		back := d == 1
		wg.Go(func() {
			r.layer().Forward(W, s.batch, r.embed(E, s, s.token(back)), func(b, t int) []float64 {
				off := b*s.T*W2 + s.pos(back, b, t)*W2 + d*H
				return states[off : off+H]
			}, tapes[d])
		})
	}
	wg.Wait()
}

// backward is forward's backward pass: from the gradient of the token
// states, it adds the gradients of E, W→ and W← to dE, dWf and dWb. The
// directions run at once on two goroutines, each keeping its inputs'
// gradients by token; they are added to the rows of E afterwards.
func (r *BiLSTM) backward(E, Wf, Wb []float64, s *stories, run, grad, dE, dWf, dWb []float64) {
	W2, H, In := r.Width(), r.Hidden, r.Embed
	_, tapes := r.split(run, s.B, s.T)
	dW := [2][]float64{dWf, dWb}
	// Each direction's gradient of each token's input: story b's token at
	// position p is row first[b]+p.
	first := make([]int, s.B+1)
	for b, n := range s.lens {
		first[b+1] = first[b] + n
	}
	N := first[s.B]
	buf := lstm.Scratch(2 * N * In)
	defer lstm.Release(buf)
	var wg sync.WaitGroup
	for d, W := range [][]float64{Wf, Wb} {
		back := d == 1
		g := (*buf)[d*N*In : (d+1)*N*In]
		wg.Go(func() {
			r.layer().Backward(W, s.batch, r.embed(E, s, s.token(back)), tapes[d], func(b, t int) []float64 {
				off := b*s.T*W2 + s.pos(back, b, t)*W2 + d*H
				return grad[off : off+H]
			}, dW[d], func(b, t int, x []float64) {
				i := first[b] + s.pos(back, b, t)
				copy(g[i*In:(i+1)*In], x)
			})
		})
	}
	wg.Wait()
	fwd, bwd := (*buf)[:N*In], (*buf)[N*In:]
	for b, n := range s.lens {
		for p := 0; p < n; p++ {
			i := first[b] + p
			r.rows(s, b*s.T+p, func(row int) {
				de := dE[row*In : (row+1)*In]
				for j := range de {
					de[j] += fwd[i*In+j] + bwd[i*In+j]
				}
			})
		}
	}
}

// FLOPs is the work of the reader's forward and backward passes over
// stories of these lengths: both directions' lstm.Layer.FLOPs (the
// embeddings' sums and the picks are not counted).
func (r *BiLSTM) FLOPs(lens []int) (forward, backward float64) {
	steps := 0
	for _, n := range lens {
		steps += n
	}
	f, b := r.layer().FLOPs(steps, len(lens))
	return 2 * f, 2 * b
}
