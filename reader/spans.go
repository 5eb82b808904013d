package reader

// Spans returns where each quantity stands in the question's text: the
// byte offsets of the start of its first token and the end of its last.
func (q Question) Spans() ([][2]int, error) {
	spans, err := tokenSpans(q.Text, q.Tokens)
	if err != nil {
		return nil, err
	}
	out := make([][2]int, len(q.Quantities))
	for i, n := range q.Quantities {
		out[i] = [2]int{spans[n.Pos][0], spans[n.Pos+n.Len-1][1]}
	}
	return out, nil
}
