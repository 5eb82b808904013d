package data

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// readJSONL reads one example per line. A line is read whole up to
// maxLine bytes and parsed as a stream of tokens, so that what a line
// costs is its bytes and its values, at most MaxRowLen a list.
func readJSONL(path string) ([]Example, error) {
	f, _, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readJSONLFrom(f, path)
}

// readJSONLFrom reads the JSONL file path from r.
func readJSONLFrom(r io.Reader, path string) ([]Example, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var exs []Example
	line := 0
	for sc.Scan() {
		line++
		if len(exs) == MaxRows {
			return nil, fmt.Errorf("data file %s: more than %d rows", path, MaxRows)
		}
		ex, err := parseJSONLine(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("data file %s line %d: %w", path, line, err)
		}
		ex.Row = line
		exs = append(exs, ex)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("data file %s line %d: longer than %d bytes", path, line+1, maxLine)
		}
		return nil, fmt.Errorf("data file %s: %w", path, err)
	}
	return exs, nil
}

// errNotObject is the error of a line that is not one JSON object.
var errNotObject = errors.New(`not a JSON object: want {"input": [...], "output": [...]}`)

// jsonList is what a line says of a key that must hold a list of
// integers: whether it is there, its values, or what is wrong with them.
type jsonList struct {
	seen bool
	xs   []int
	err  error
}

// parseJSONLine parses {"input": [...], "output": [...]} (other keys are
// skipped; of a repeated key the last counts). Malformed JSON is reported
// before a wrong value, and a wrong value of "input" before one of
// "output", whatever their order on the line.
func parseJSONLine(b []byte) (Example, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return Example{}, errors.New(`empty line: want one object {"input": [...], "output": [...]} a line`)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	lists := map[string]*jsonList{"input": {}, "output": {}}
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return Example{}, errNotObject
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return Example{}, errNotObject
		}
		l, ok := lists[t.(string)]
		if !ok {
			err = skipValue(dec)
		} else {
			*l, err = readList(dec, t.(string))
		}
		if err != nil {
			return Example{}, errNotObject
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return Example{}, errNotObject
	}
	if _, err := dec.Token(); err != io.EOF {
		return Example{}, errors.New("more than one JSON value on the line")
	}
	for _, key := range []string{"input", "output"} {
		switch l := lists[key]; {
		case !l.seen:
			return Example{}, fmt.Errorf("no %q key: want {\"input\": [...], \"output\": [...]}", key)
		case l.err != nil:
			return Example{}, l.err
		}
	}
	return Example{Input: lists["input"].xs, Output: lists["output"].xs}, nil
}

// readList reads the value of key, which must be a list of integers from
// 0 to MaxValue, at most MaxRowLen of them. What is wrong with the list
// is in the jsonList; the error is malformed JSON only. A wrong list is
// read to its end, keeping nothing more.
func readList(dec *json.Decoder, key string) (jsonList, error) {
	l := jsonList{seen: true, xs: []int{}}
	notList := fmt.Errorf("%q is not an array of integers", key)
	t, err := dec.Token()
	if err != nil {
		return l, err
	}
	if t != json.Delim('[') {
		l.xs, l.err = nil, notList
		return l, skipRest(dec, t)
	}
	for i := 0; dec.More(); i++ {
		t, err := dec.Token()
		if err != nil {
			return l, err
		}
		x, xerr := listValue(t, key, i)
		if err := skipRest(dec, t); err != nil {
			return l, err
		}
		if l.err == nil && xerr == nil && i >= MaxRowLen {
			xerr = fmt.Errorf("%q holds more than %d values", key, MaxRowLen)
		}
		if l.err == nil && xerr != nil {
			l.xs, l.err = nil, xerr
		}
		if l.err == nil {
			l.xs = append(l.xs, x)
		}
	}
	_, err = dec.Token() // the closing bracket
	return l, err
}

// listValue reads value i of the list key.
func listValue(t json.Token, key string, i int) (int, error) {
	n, ok := t.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%q is not an array of integers (value %d is %.40s)", key, i+1, describeToken(t))
	}
	x, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s value %d, %s, is not an integer", key, i+1, n)
	}
	if err := checkValue(key, i, x); err != nil {
		return 0, err
	}
	return int(x), nil
}

// describeToken shows a token that is not a number.
func describeToken(t json.Token) string {
	switch v := t.(type) {
	case string:
		return strconv.Quote(v)
	case nil:
		return "null"
	case json.Delim:
		return map[json.Delim]string{'[': "a list", '{': "an object"}[v]
	}
	return fmt.Sprint(t)
}

// skipValue reads one whole value.
func skipValue(dec *json.Decoder) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	return skipRest(dec, t)
}

// skipRest reads the rest of the value that token t starts: nothing after
// a scalar, up to the matching bracket after an opening one.
func skipRest(dec *json.Decoder, t json.Token) error {
	depth := 0
	if t == json.Delim('[') || t == json.Delim('{') {
		depth = 1
	}
	for depth > 0 {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('['), json.Delim('{'):
			depth++
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
	}
	return nil
}
