package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/tasks/wap/prepare"
)

// A prepared set or a model that another run made, from other data or with
// other settings, is replaced only with --force: without it the command
// fails in one line that says what is there, what would replace it and the
// flag, and leaves it as it was. The same run again replaces it.
func TestReplaceIsAskedFor(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains small models for a second each")
	}
	dir := t.TempDir()
	data, model := filepath.Join(dir, "data"), filepath.Join(dir, "model")
	folds := writeCSVFolds(t, dir)
	foldModels := filepath.Join(dir, "folds-models")
	train := func(args ...string) []string {
		return append([]string{"train", "--data", data, "--model", model, "--models", "1", "--epochs", "1", "--batch", "16"}, args...)
	}
	trainFolds := func(args ...string) []string {
		return append([]string{"train", "--data", folds, "--model", foldModels, "--models", "1", "--epochs", "1"}, args...)
	}
	prep := func(args ...string) []string {
		return append([]string{"prepare", "--synthetic", "--out", data}, args...)
	}
	const (
		prepRefused  = "holds data that another run prepared (synthetic, 40/10/10 problems, general mix, seed 1); this run would replace it with synthetic, "
		trainRefused = "holds a model of wap_steps.fth trained on synthetic data (" // … by another run
	)
	tests := []struct {
		name  string
		args  []string
		want  string // in the one line of stderr; "" for success
		keeps string // the file that a refusal leaves as it was
	}{
		{"prepare", prep("--sizes", "40,10,10"), "", ""},
		{"prepare the same again", prep("--sizes", "40,10,10"), "", ""},
		{"prepare other sizes", prep("--sizes", "41,10,10"), data + " " + prepRefused + "41/10/10 problems, general mix, seed 1: give --force to replace it, or name another --out", filepath.Join(data, "prepared.json")},
		{"prepare another seed", prep("--sizes", "40,10,10", "--seed", "2"), prepRefused + "40/10/10 problems, general mix, seed 2: give --force", filepath.Join(data, "prepared.json")},
		{"prepare a dataset", []string{"prepare", filepath.Join(dir, "raw", "fold0"), "--out", data}, prepRefused[:60], filepath.Join(data, "prepared.json")},
		{"prepare other folds", []string{"prepare", filepath.Join(dir, "raw"), "--out", folds, "--seed", "3"}, filepath.Join(folds, "fold0") + " holds data that another run prepared", filepath.Join(folds, "fold0", "prepared.json")},
		{"train", train(), "", ""},
		{"train the same again", train(), "", ""},
		{"train another seed", train("--seed", "2"), "model directory " + model + " " + trainRefused + data + ") by another run; this run would replace it with one of wap_steps.fth trained on synthetic data (" + data + ") (they differ in seed): give --force to replace it, or name another --model", filepath.Join(model, "config.json")},
		{"train another sketch", train("--sketch", "wap"), "(they differ in sketch, data sha256): give --force", filepath.Join(model, "config.json")},
		{"train on other data", train("--data", filepath.Join(folds, "fold0")), "this run would replace it with one of wap_steps.fth trained on svamp-csv data (" + filepath.Join(folds, "fold0") + ") (they differ in data sha256)", filepath.Join(model, "config.json")},
		{"train with --force", train("--seed", "2", "--force"), "", ""},
		{"prepare with --force", prep("--sizes", "41,10,10", "--force"), "", ""},
		{"train on the data prepared again", train("--seed", "2"), "(they differ in data sha256)", filepath.Join(model, "config.json")},
		{"train folds", trainFolds(), "", ""},
		{"train folds with another seed", trainFolds("--seed", "2"), "fold " + filepath.Join(folds, "fold0") + ": model directory " + filepath.Join(foldModels, "fold0") + " holds a model of wap_steps.fth", filepath.Join(foldModels, "fold1", "config.json")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before []byte
			if tt.keeps != "" {
				before, _ = os.ReadFile(tt.keeps)
			}
			code, _, errs := runWap(t, tt.args...)
			if tt.want == "" {
				if code != 0 {
					t.Fatalf("wap %s: exit %d: %s", strings.Join(tt.args, " "), code, errs)
				}
				return
			}
			if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("wap %s: exit %d, stderr %q; want one line containing %q", strings.Join(tt.args, " "), code, errs, tt.want)
			}
			if after, _ := os.ReadFile(tt.keeps); len(before) == 0 || !bytes.Equal(before, after) {
				t.Errorf("the refused run changed %s", tt.keeps)
			}
		})
	}
}

// With prepared data whose dev split is empty, one model's best epoch is
// chosen by its training accuracy, and the figure says so (never "dev
// accuracy"); an ensemble, measured on dev problems, is refused before it
// trains.
func TestTrainWithAnEmptyDevSplit(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains a model for a second")
	}
	dir := t.TempDir()
	const header = "Question,Numbers,Equation,Answer\n"
	// Two training rows, none carved into the dev split (which the rows'
	// texts decide): the first names that give none.
	for k := range 20 {
		fold := filepath.Join(dir, fmt.Sprint("raw", k))
		os.MkdirAll(fold, 0o755)
		train := header
		for i := range 2 {
			train += fmt.Sprintf("Kid%d_%d had number0 toys and got number1 more . How many toys does he have ?,%d 3,+ number0 number1,%d\n", k, i, 5+i, 8+i)
		}
		os.WriteFile(filepath.Join(fold, "train.csv"), []byte(train), 0o644)
		os.WriteFile(filepath.Join(fold, "dev.csv"), []byte(header+"Ann had number0 toys and got number1 more . How many toys does she have ?,4 3,+ number0 number1,7\n"), 0o644)
		prep := filepath.Join(dir, fmt.Sprint("prep", k))
		code, out, errs := runWap(t, "prepare", "--json", fold, "--out", prep)
		var sum prepare.Summary
		if code != 0 || json.Unmarshal([]byte(out), &sum) != nil {
			t.Fatalf("prepare: exit %d: %s %s", code, out, errs)
		}
		if sum.Rows.Dev > 0 {
			continue
		}
		ensemble := filepath.Join(dir, "ensemble")
		code, _, errs = runWap(t, "train", "--data", prep, "--model", ensemble, "--models", "2", "--epochs", "1")
		want := "the dev split of " + prep + " is empty (train 2, test 1 problems): an ensemble is measured on dev problems; prepare data with a dev split, or train one model (--models 1)"
		if code != 1 || !strings.HasPrefix(errs, "wap train: "+want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("train --models 2: exit %d, stderr %q; want %q", code, errs, want)
		}
		if _, err := os.Stat(ensemble); !os.IsNotExist(err) {
			t.Errorf("the refused training made its model directory (%v)", err)
		}
		code, out, errs = runWap(t, "train", "--data", prep, "--model", filepath.Join(dir, "one"), "--models", "1", "--epochs", "1")
		if code != 0 || !strings.Contains(out, ", best training accuracy (no dev split) ") || strings.Contains(out, "dev accuracy") {
			t.Errorf("train --models 1: exit %d, %q %s: want the training accuracy named", code, out, errs)
		}
		code, out, errs = runWap(t, "train", "--json", "--data", prep, "--model", filepath.Join(dir, "one"), "--models", "1", "--epochs", "1")
		var obj map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &obj) != nil || obj["selected_by"] != "train_accuracy" || obj["train_accuracy"] == nil || obj["dev_accuracy"] != nil {
			t.Errorf("train --json: exit %d, %q %s", code, out, errs)
		}
		return
	}
	t.Fatal("every preparation carved a dev split")
}
