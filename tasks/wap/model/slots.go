package model

import (
	"github.com/d4lang/d4/reader"
)

// Execution is one slot execution of a soft run: the slot and the
// distribution of its decoder (times the program counter's mass on it).
type Execution struct {
	Slot  int
	Probs []float64
}

// Executions reads the problems and runs ∂4 on each, step by step (no
// graph is built): the slot executions of every problem, in order. The
// reader reads evalBatch problems at a time, so that its states and tapes
// take the memory of a batch, however many problems there are.
func (m *Model) Executions(ps []*Problem) ([][]Execution, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	if err := m.ReadQuestions(ps); err != nil {
		return nil, err
	}
	out := make([][]Execution, 0, len(ps))
	for lo := 0; lo < len(ps); lo += evalBatch {
		chunk := ps[lo:min(len(ps), lo+evalBatch)]
		stories := make([]reader.Story, len(chunk))
		pos := make([][]float64, len(chunk))
		for i, p := range chunk {
			if err := m.Check(p); err != nil {
				return nil, err
			}
			stories[i], pos[i] = m.story(p), m.picks(p)
		}
		vecs, states, T, err := m.Reader.ReadAll(stories, pos)
		if err != nil {
			return nil, err
		}
		if m.Question != nil {
			qins := make([]reader.QInput, len(chunk))
			for i, p := range chunk {
				qins[i] = m.qinput(p)
			}
			if vecs, err = m.Question.Apply(states, vecs, T, qins); err != nil {
				return nil, err
			}
		}
		for i, p := range chunk {
			execs, _, err := m.softRun(p, vecs[i])
			if err != nil {
				return nil, err
			}
			out = append(out, execs)
		}
	}
	return out, nil
}

// softRun runs ∂4 from a problem's filled heap and returns its slot
// executions in order (the static trace runs each with all the mass) and
// the final state. When the slots read only the initial heap (slotsOnly),
// it runs their networks alone on it, and returns no final state.
func (m *Model) softRun(p *Problem, vec []float64) ([]Execution, []float64, error) {
	x, err := m.base(p)
	if err != nil {
		return nil, nil, err
	}
	V := m.Machine.Sizes.V
	for k, off := range m.offsets() {
		for j := 0; j < V; j++ {
			x[off+j] += vec[k*V+j]
		}
	}
	var execs []Execution
	if m.slotsOnly {
		for _, slot := range m.Execs {
			net := m.Machine.Slots[slot]
			execs = append(execs, Execution{Slot: slot, Probs: net.Forward(m.Machine.Input(net, x))})
		}
		return execs, nil, nil
	}
	final, _, err := m.Machine.RunWatch(x, len(m.Trace)+1, false, func(slot int, mass float64, o []float64) {
		pr := make([]float64, len(o))
		for j, v := range o {
			pr[j] = mass * v
		}
		execs = append(execs, Execution{Slot: slot, Probs: pr})
	})
	return execs, final, err
}
