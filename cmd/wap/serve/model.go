package serve

import (
	"path/filepath"

	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

// modelInfo is what GET /api/model tells of the model: what its
// config.json records (the sketch, the data, the training figures of the
// saved epoch) and example questions for the page.
type modelInfo struct {
	Name         string   `json:"name"`
	Version      string   `json:"version"`
	Description  string   `json:"description"`
	Models       int      `json:"models"`
	TrainedOn    string   `json:"trained_on"`
	Data         string   `json:"data"`
	Generated    int      `json:"generated,omitempty"`
	DevAccuracy  float64  `json:"dev_accuracy"`
	Epoch        int      `json:"epoch,omitempty"`
	Epochs       int      `json:"epochs"`
	TrainSeconds float64  `json:"train_seconds"`
	Complete     bool     `json:"complete"`
	Numbers      string   `json:"numbers"`
	SketchFile   string   `json:"sketch_file"`
	Sketch       string   `json:"sketch"`
	Examples     []string `json:"examples"`
}

// examples are the questions the page offers to click: one- and two-step
// problems of the kinds the default model is trained on, the paper's
// three-number form among them.
var examples = []string{
	"Sam had 12 apples. He gave 5 of them to Ann. How many apples does Sam have now?",
	"A baker made 24 muffins and 18 cookies. He sold 30 of them. How many are left?",
	"Each box holds 6 pencils. How many pencils are in 7 boxes?",
	"Maria read 15 pages on Monday and 23 pages on Tuesday. How many pages did she read in all?",
	"A teacher has 48 stickers to share equally among 8 students. How many stickers does each student get?",
	"Tom bought 3 packs of 12 cards and gave away 9 cards. How many cards does he have left?",
}

// newModelInfo describes a version of the model directory dir.
func newModelInfo(dir, version string, cfg model.Config, ens *answer.Ensemble) modelInfo {
	info := modelInfo{Name: filepath.Base(dir), Version: version, Models: len(ens.Models), TrainedOn: answer.TrainedOn(cfg),
		Data: cfg.Data, Generated: cfg.Generated, DevAccuracy: cfg.DevAccuracy, Epochs: cfg.Epochs, TrainSeconds: cfg.TrainSeconds,
		Complete: cfg.Complete, Numbers: ens.Models[0].Layout.Wants(), SketchFile: cfg.SketchFile, Sketch: cfg.Sketch, Examples: examples}
	info.Description = answer.Describe(cfg)
	if len(cfg.Members) == 0 {
		info.Epoch = cfg.Epoch
	}
	return info
}
