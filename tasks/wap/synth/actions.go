package synth

import "strings"

// This file holds the verbs of getting and losing things. Things list the
// keys of the actions that suit them (things.go).

// action is a verb of getting or losing some of a thing.
type action struct {
	v verb
	// tails are adjuncts the verb may take: a recipient ("to {other}"),
	// a source ("from {other}"), a place ("at the market"). must makes
	// one of them obligatory ("gave 5 apples to her brother").
	tails []string
	must  bool
	// personal marks what people do but a business does not (eat, drop,
	// lose, borrow).
	personal bool
	// most is the most things one does it to at a time (one eats a few
	// cookies, not 80); 0 for no limit.
	most int
}

// gains are the actions of getting more of a thing.
var gains = map[string]action{
	"get":       {v: v("get", "got", "gotten"), tails: []string{"from {other}"}},
	"buy":       {v: v("buy", "bought"), tails: []string{"*at the store", "at the market", "online", "*at a yard sale"}},
	"pick":      {v: v("pick")},
	"pick up":   {v: v("pick up"), personal: true},
	"collect":   {v: v("collect")},
	"receive":   {v: v("receive"), tails: []string{"from {other}", "in the mail"}},
	"find":      {v: v("find", "found"), tails: []string{"at home", "in a drawer", "at the park"}, personal: true},
	"bake":      {v: v("bake")},
	"make":      {v: v("make", "made")},
	"catch":     {v: v("catch", "caught"), personal: true},
	"win":       {v: v("win", "won"), tails: []string{"at the fair", "in a contest", "in a raffle"}, personal: true},
	"order":     {v: v("order"), tails: []string{"online"}},
	"grow":      {v: v("grow", "grew", "grown")},
	"bring":     {v: v("bring", "brought")},
	"borrow":    {v: v("borrow"), tails: []string{"from {other}", "from the library"}, personal: true},
	"gather":    {v: v("gather")},
	"purchase":  {v: v("purchase")},
	"save":      {v: v("save")},
	"earn":      {v: v("earn")},
	"knit":      {v: v("knit", "knitted")},
	"sew":       {v: v("sew", "sewed", "sewn")},
	"fold":      {v: v("fold")},
	"print":     {v: v("print")},
	"build":     {v: v("build", "built")},
	"plant":     {v: v("plant")},
	"harvest":   {v: v("harvest")},
	"cut":       {v: v("cut", "cut")},
	"take":      {v: v("take", "took", "taken")},
	"write":     {v: v("write", "wrote", "written")},
	"draw":      {v: v("draw", "drew", "drawn")},
	"paint":     {v: v("paint")},
	"blow up":   {v: v("blow up", "blew up", "blown up")},
	"fry":       {v: v("fry")},
	"cook":      {v: v("cook")},
	"grill":     {v: v("grill")},
	"dig up":    {v: v("dig up", "dug up")},
	"pull":      {v: v("pull")},
	"chop":      {v: v("chop")},
	"check out": {v: v("check out"), tails: []string{"from the library"}, personal: true},
	"trade for": {v: v("trade for", "traded for"), personal: true},
	"be given":  {v: v("be given", "given", "given"), tails: []string{"by {other}"}, personal: true},
	"add":       {v: v("add")},
	"set up":    {v: v("set up", "set up")},
	"carry in":  {v: v("carry in")},
	"fill":      {v: v("fill")},
	"wash":      {v: v("wash")},
	"rescue":    {v: v("rescue")},
	"load":      {v: v("load"), tails: []string{"onto the truck"}},
	"pack":      {v: v("pack")},
}

// losses are the actions of giving, using or losing some of a thing.
var losses = map[string]action{
	"give away":  {v: v("give away", "gave away", "given away"), tails: []string{"*at school", "to neighbors"}},
	"hand out":   {v: v("hand out"), tails: []string{"*at school", "*to {main's} friends"}},
	"donate":     {v: v("donate"), tails: []string{"to a shelter", "to charity", "to the school", "to a food bank"}},
	"sell":       {v: v("sell", "sold"), tails: []string{"at the market", "*at a yard sale", "*to a neighbor", "*at school"}},
	"eat":        {v: v("eat", "ate", "eaten"), personal: true, most: 12},
	"use":        {v: v("use")},
	"use up":     {v: v("use up")},
	"lose":       {v: v("lose", "lost"), tails: []string{"at the park", "on the way home", "at school"}, personal: true, most: 30},
	"break":      {v: v("break", "broke", "broken"), personal: true, most: 12},
	"throw out":  {v: v("throw out", "threw out", "thrown out")},
	"throw away": {v: v("throw away", "threw away", "thrown away")},
	"return":     {v: v("return"), tails: []string{"to the store", "to the library", "for a refund"}},
	"lend":       {v: v("lend", "lent"), tails: []string{"to {other}"}, must: true, personal: true},
	"give":       {v: v("give", "gave", "given"), tails: []string{"to {other}"}, must: true, personal: true},
	"drop":       {v: v("drop"), tails: []string{"on the way home", "on the floor"}, personal: true, most: 20},
	"share":      {v: v("share"), tails: []string{"with {other}", "*with {main's} friends"}, must: true, personal: true},
	"trade away": {v: v("trade away"), personal: true},
	"waste":      {v: v("waste")},
	"recycle":    {v: v("recycle")},
	"release":    {v: v("release"), personal: true},
	"throw back": {v: v("throw back", "threw back", "thrown back"), personal: true},
	"deliver":    {v: v("deliver"), tails: []string{"to a customer", "to the school"}},
	"mail":       {v: v("mail"), tails: []string{"*to {main's} friends"}},
	"send":       {v: v("send", "sent"), tails: []string{"to {other}", "*to {main's} friends"}},
	"send out":   {v: v("send out", "sent out")},
	"burn":       {v: v("burn"), most: 40},
	"feed":       {v: v("feed", "fed"), tails: []string{"to the ducks", "to the horses", "to the goats"}, must: true},
	"plant":      {v: v("plant"), tails: []string{"in the garden", "in the yard"}},
	"cook":       {v: v("cook"), most: 40},
	"squeeze":    {v: v("squeeze"), tails: []string{"to make juice"}, most: 30},
	"pop":        {v: v("pop"), personal: true, most: 20},
	"serve":      {v: v("serve")},
	"ship":       {v: v("ship"), tails: []string{"to customers"}},
	"carve":      {v: v("carve"), most: 12},
	"hang up":    {v: v("hang up", "hung up")},
	"delete":     {v: v("delete")},
	"misplace":   {v: v("misplace"), personal: true, most: 10},
	"leave":      {v: v("leave", "left"), tails: []string{"at school", "at the park", "at a friend's house"}, must: true, personal: true},
	"lay":        {v: v("lay", "laid"), personal: true},
	"roast":      {v: v("roast"), personal: true, most: 20},
	"peel":       {v: v("peel"), most: 30},
	"put up":     {v: v("put up", "put up"), tails: []string{"around town", "at school"}},
	"drink":      {v: v("drink", "drank", "drunk"), personal: true, most: 6},
	"crack":      {v: v("crack"), most: 24},
	"take to":    {v: v("take", "took", "taken"), tails: []string{"to school", "to work", "to a party"}, must: true, personal: true},
	"spend":      {v: v("spend", "spent"), tails: []string{"on lunch", "on a new book", "on snacks", "at the fair", "on a movie ticket", "on art supplies", "on a gift for {other}"}},
	"pay":        {v: v("pay", "paid"), tails: []string{"for lunch", "for a haircut", "for a bus pass", "for a new game"}, must: true},
	"tear":       {v: v("tear up", "tore up", "torn up"), personal: true},
	"unload":     {v: v("unload")},
	"wrap":       {v: v("wrap"), tails: []string{"as gifts"}},
	"post":       {v: v("post"), tails: []string{"online"}},
	"spill":      {v: v("spill"), personal: true, most: 60},
	"set aside":  {v: v("set aside", "set aside"), tails: []string{"for later", "for {other}", "for next week"}},
	"send back":  {v: v("send back", "sent back"), tails: []string{"to the store", "for a refund"}},
}

// spoils are the things' own ways of getting lost: "12 of the eggs
// cracked". Their subject is the things.
var spoils = map[string]verb{
	"break":        v("break", "broke", "broken"),
	"crack":        v("crack"),
	"go bad":       v("go bad", "went bad", "gone bad"),
	"rot":          v("rot"),
	"melt":         v("melt"),
	"pop":          v("pop"),
	"wilt":         v("wilt"),
	"get lost":     v("get lost", "got lost", "gotten lost"),
	"fly away":     v("fly away", "flew away", "flown away"),
	"run away":     v("run away", "ran away", "run away"),
	"roll away":    v("roll away"),
	"blow away":    v("blow away", "blew away", "blown away"),
	"burn":         v("burn"),
	"die":          v("die"),
	"tear":         v("get torn", "got torn", "gotten torn"),
	"leak":         v("leak"),
	"dry out":      v("dry out"),
	"spoil":        v("spoil"),
	"get crushed":  v("get crushed", "got crushed", "gotten crushed"),
	"go missing":   v("go missing", "went missing", "gone missing"),
	"float away":   v("float away"),
	"get damaged":  v("get damaged", "got damaged", "gotten damaged"),
	"get ruined":   v("get ruined", "got ruined", "gotten ruined"),
	"get squashed": v("get squashed", "got squashed", "gotten squashed"),
	"fall":         v("fall on the floor", "fell on the floor", "fallen on the floor"),
	"get away":     v("get away", "got away", "gotten away"),
	"bend":         v("bend", "bent"),
	// Found unusable: "12 of the eggs were out of date."
	"be out of date":        v("be out of date"),
	"be expired":            v("be expired"),
	"be past their date":    v("be past the sell-by date"),
	"be too ripe to use":    v("be too ripe to use"),
	"be too damaged to use": v("be too damaged to use"),
	"fail inspection":       v("fail inspection", "failed inspection"),
	"be rejected":           v("be rejected"),
}

// passive makes the passive of a transitive verb: "be sold".
func passive(w verb) verb {
	return verb{base: "be " + w.part, past: "", part: "been " + w.part}
}

// ws splits a list written with bars: "red|green" → ["red", "green"].
func ws(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "|")
}
