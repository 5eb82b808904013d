package symbolic

import (
	"math/rand"
	"testing"

	"github.com/d4lang/d4/sketches"
)

// BenchmarkBubbleSort64 runs the plain bubble sort (bubble.fth) on 64
// values: the symbolic machine's speed on primitive words, the bulk of
// hybrid execution. Run: go test ./interpreter/symbolic -run '^$' -bench Bubble
func BenchmarkBubbleSort64(b *testing.B) {
	for _, strict := range []bool{false, true} {
		name := map[bool]string{false: "plain", true: "strict"}[strict]
		b.Run(name, func(b *testing.B) {
			src, _ := sketches.Embedded("bubble")
			code := mustCompile(b, "bubble.fth", src)
			rng := rand.New(rand.NewSource(1))
			const n = 64
			init := make([]int, n, n+1)
			for i := range init {
				init[i] = rng.Intn(100)
			}
			init = append(init, n)
			cfg := Config{ValueSize: 100, StackSize: 3 * (n + 8), MaxSteps: 1 << 24, Strict: strict}
			steps := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m := mustNew(b, code, cfg)
				if err := m.Push(init...); err != nil {
					b.Fatal(err)
				}
				if err := m.Run(); err != nil {
					b.Fatal(err)
				}
				steps += m.Steps
			}
			b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}
