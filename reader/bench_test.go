package reader

import (
	"math/rand"
	"testing"
)

// BenchmarkBiLSTM is the reader's forward and backward pass at the word
// problems' sizes: a batch of 50 stories of 20 to 40 tokens, a vocabulary
// of 2000, embeddings and hidden states of 75, four picks per story.
// Run: go test ./reader -run '^$' -bench BiLSTM
func BenchmarkBiLSTM(b *testing.B) {
	const B, T, K = 50, 40, 4
	r, err := NewBiLSTM(2000, 0, 75, 75, 1)
	if err != nil {
		b.Fatal(err)
	}
	rl := newReaderLoss(b, r, B, T, K, 2)
	rng := rand.New(rand.NewSource(3))
	ids := make([]float64, B*T)
	pos := make([]float64, B*K)
	for s := 0; s < B; s++ {
		n := 20 + rng.Intn(T-20+1)
		for i := 0; i < T; i++ {
			ids[s*T+i] = Pad
			if i < n {
				ids[s*T+i] = float64(rng.Intn(2000))
			}
		}
		pos[s*K] = float64(-n)
		for k := 1; k < K; k++ {
			pos[s*K+k] = float64(rng.Intn(n))
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rl.run(b, ids, nil, pos)
	}
}
