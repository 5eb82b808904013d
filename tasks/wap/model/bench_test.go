package model

import "testing"

// eightNumbers is a problem with eight numbers, the most the general
// sketch reads.
func eightNumbers() *Problem {
	return &Problem{ID: 1, Numbers: []int{5, 7, 3, 11, 2, 13, 17, 19}, IDs: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3}, NumPos: []int{2, 3, 4, 5, 6, 7, 8, 9}, Answer: 24}
}

// The outcomes of the general sketch with eight numbers: 28·8³ runs.
func BenchmarkOutcomes8(b *testing.B) {
	m := stepsModel(b, 10, 1)
	p := eightNumbers()
	for b.Loop() {
		m.Outcomes(p.Values())
	}
}

// A training batch of 32 stories of 40 tokens on the general sketch.
func BenchmarkGradient32(b *testing.B) {
	m := sketchModel(b, "wap_steps", embedded(b, "wap_steps"), 1000, true, 1)
	var ps []*Problem
	for i := range 32 {
		p := &Problem{ID: int64(i), Numbers: []int{5, 7, 3}, NumPos: []int{2, 6, 9}, Answer: 15}
		for j := range 40 {
			p.IDs = append(p.IDs, (i*7+j*13)%1000)
			p.Classes = append(p.Classes, nil)
		}
		ps = append(ps, p)
	}
	tr := m.NewTrainer(ps)
	for b.Loop() {
		if _, _, err := tr.Gradient(ps); err != nil {
			b.Fatal(err)
		}
	}
}

// The outcomes of the general sketch with three numbers: 28·3³ runs.
func BenchmarkOutcomes3(b *testing.B) {
	m := stepsModel(b, 10, 1)
	p := &Problem{ID: 1, Numbers: []int{5, 7, 3}, IDs: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3}, NumPos: []int{2, 3, 4}, Answer: 24}
	for b.Loop() {
		m.Outcomes(p.Values())
	}
}

// The exact loss's table of a problem with eight numbers on the general
// sketch, the runs for eight numbers found before.
func BenchmarkTable8(b *testing.B) {
	m := stepsModel(b, 10, 1)
	p := eightNumbers()
	for b.Loop() {
		p.table, p.tableErr = nil, nil
		if _, err := m.Table(p); err != nil {
			b.Fatal(err)
		}
	}
}
