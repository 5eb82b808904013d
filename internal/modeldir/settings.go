package modeldir

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Setting is one named setting of a training run (a learning rate, a
// seed, the checksum of the data) as a checkpoint records it.
type Setting struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Settings are what a training run must keep to be resumed: a checkpoint
// records them, and resuming with other ones is refused, naming each
// setting that differs (Changes).
type Settings []Setting

// SettingsOf lists the settings that a struct (or a pointer to one)
// declares: each field with a `setting:"NAME"` tag, in the order of the
// fields, by that name, with the field's value. A model's training
// settings are declared once so, in the struct that its config.json
// records by the fields' JSON names: the fields without the tag are not
// compared (the epochs, which a resumed run may change). A value that is
// not such a struct declares nothing.
func SettingsOf(v any) Settings {
	rv := reflect.Indirect(reflect.ValueOf(v))
	if rv.Kind() != reflect.Struct {
		return nil
	}
	var out Settings
	for i := range rv.NumField() {
		tag, ok := rv.Type().Field(i).Tag.Lookup("setting")
		if !ok || !rv.Type().Field(i).IsExported() {
			continue
		}
		name, omit := strings.CutSuffix(tag, ",omitempty")
		if omit && rv.Field(i).IsZero() {
			continue
		}
		out = append(out, Setting{Name: name, Value: rv.Field(i).Interface()})
	}
	return out
}

// Changes lists the settings of now whose values differ from the ones
// recorded in was, or that only one of them has, as "learning rate 0.01,
// now 0.02; seed 1, now 2" ("" when they agree). Values are compared by
// their JSON encodings, so that a value read back from a file equals the
// one it was written from.
func (was Settings) Changes(now Settings) string {
	old := map[string]string{}
	for _, s := range was {
		old[s.Name] = encode(s.Value)
	}
	var d []string
	for _, s := range now {
		v := encode(s.Value)
		o, ok := old[s.Name]
		switch {
		case !ok:
			d = append(d, fmt.Sprintf("%s not recorded, now %s", s.Name, v))
		case o != v:
			d = append(d, fmt.Sprintf("%s %s, now %s", s.Name, o, v))
		}
		delete(old, s.Name)
	}
	for _, s := range was {
		if _, ok := old[s.Name]; ok {
			d = append(d, fmt.Sprintf("%s %s, now not set", s.Name, old[s.Name]))
		}
	}
	return strings.Join(d, "; ")
}

// encode is a value's JSON text (strings unquoted).
func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		return s
	}
	return string(b)
}
