package synth

// This file holds the rest of the lexicon: activities done at a rate,
// paid jobs, places people come to and leave, groups of people, chores
// spread over days, time expressions and detail sentences.

// period is a unit of time something is done per ("a day", "an hour").
type period struct {
	noun
	per   []string // "a day", "each day", "every day", "per day"
	count string   // how a number of them is said: "on %s", "for %s"
}

var periods = map[string]period{
	"day":      {n("day"), ws("a day|each day|every day|per day"), "on %s"},
	"hour":     {n("hour"), ws("an hour|each hour|every hour|per hour"), "for %s"},
	"week":     {n("week"), ws("a week|each week|every week|per week"), "for %s"},
	"evening":  {n("evening"), ws("each evening|every evening|per evening"), "on %s"},
	"night":    {n("night"), ws("a night|each night|every night"), "on %s"},
	"minute":   {n("minute"), ws("a minute|each minute|every minute|per minute"), "for %s"},
	"month":    {n("month"), ws("a month|each month|every month|per month"), "for %s"},
	"practice": {n("practice"), ws("at each practice|at every practice|per practice"), "%s"},
}

// timePairs are two occasions in time order for two events, by how far
// apart they are.
var timePairs = map[string][][2]string{
	"hour": {{"in the morning", "in the afternoon"}, {"before lunch", "after lunch"}, {"early in the day", "later in the day"}},
	"day":  {{"on Saturday", "on Sunday"}, {"on Monday", "on Tuesday"}, {"yesterday", "today"}, {"on Friday", "on Saturday"}, {"on Wednesday", "on Thursday"}},
	"week": {{"last week", "this week"}, {"in May", "in June"}, {"in March", "in April"}, {"last month", "this month"}, {"in October", "in November"}},
}

// span is a stretch of time: how many periods of each kind it holds at
// most, pairs of such stretches in time order, and single ones.
type span struct {
	holds map[string]int
	pairs [][2]string
	one   []string
}

// spans go from short to long; a count of periods is placed in the
// shortest span that holds it (or the one after).
var spans = []span{
	{map[string]int{"minute": 60, "hour": 4},
		[][2]string{{"in the morning", "in the afternoon"}, {"before lunch", "after lunch"}, {"before school", "after school"}},
		ws("this morning|after school|before dinner")},
	{map[string]int{"minute": 150, "hour": 12},
		[][2]string{{"on Saturday", "on Sunday"}, {"on Monday", "on Tuesday"}, {"yesterday", "today"}, {"on Friday", "on Saturday"}},
		ws("on Saturday|yesterday|on Sunday|today")},
	{map[string]int{"hour": 60, "day": 7, "evening": 7, "night": 7, "practice": 7},
		[][2]string{{"last week", "this week"}},
		ws("this week|last week")},
	{map[string]int{"hour": 150, "day": 31, "evening": 31, "night": 31, "week": 4, "practice": 20},
		[][2]string{{"in May", "in June"}, {"in March", "in April"}, {"last month", "this month"}, {"in October", "in November"}},
		ws("this month|last month|in May|in October")},
	{map[string]int{"day": 92, "evening": 92, "night": 92, "week": 13, "hour": 150, "practice": 60},
		[][2]string{{"in the spring", "in the summer"}, {"in the fall", "in the winter"}, {"in the spring", "in the fall"}},
		ws("this summer|over the summer|this spring|this fall")},
	{map[string]int{"day": 150, "evening": 150, "night": 150, "week": 52, "hour": 150},
		[][2]string{{"last year", "this year"}},
		ws("this year|last year")},
}

// fitSpans lists the spans that hold k periods, shortest first.
func fitSpans(per string, k int) []span {
	var out []span
	for _, s := range spans {
		if s.holds[per] >= k {
			out = append(out, s)
		}
	}
	return out
}

// timeSeqs are three occasions in time order for stories of events.
var timeSeqs = [][3]string{
	{"on Monday", "on Tuesday", "on Wednesday"},
	{"on Tuesday", "on Wednesday", "on Thursday"},
	{"on Friday", "on Saturday", "on Sunday"},
	{"in the morning", "in the afternoon", "in the evening"},
	{"before lunch", "after lunch", "after dinner"},
	{"in May", "in June", "in July"},
	{"in the spring", "in the summer", "in the fall"},
	{"last month", "last week", "this week"},
	{"at breakfast", "at lunch", "at dinner"},
	{"on Saturday morning", "on Saturday afternoon", "on Saturday evening"},
	{"in January", "in February", "in March"},
	{"early in the day", "around noon", "later in the day"},
}

// activity is something done at a rate: "runs 5 km a day".
type activity struct {
	topic string
	does  verb   // "run" in "she runs 5 km a day"
	pre   string // words between the verb and the number: "the piano for"
	unit  noun   // what the number counts: km, laps, pages; dollars for money
	after string // words after the unit: "babysitting"
	bare  verb   // the activity without a number: "run", "work"
	btail string // words after the count of periods: "at the cafe"
	pers  []string
	rate  [2]int
	far   bool // the unit is a distance: "How far"
	money bool
}

var activities = []activity{
	{topic: "fitness", does: v("run", "ran", "run"), unit: n("km", "km"), bare: v("run", "ran", "run"), pers: ws("day|week"), rate: [2]int{2, 20}, far: true},
	{topic: "fitness", does: v("run", "ran", "run"), unit: n("mile"), bare: v("go running", "went running", "gone running"), pers: ws("day"), rate: [2]int{2, 10}, far: true},
	{topic: "fitness", does: v("walk"), unit: n("mile"), bare: v("go for a walk", "went for a walk", "gone for a walk"), pers: ws("day"), rate: [2]int{1, 8}, far: true},
	{topic: "fitness", does: v("bike"), unit: n("mile"), bare: v("ride", "rode", "ridden"), btail: "{main's} bike", pers: ws("day|week"), rate: [2]int{3, 40}, far: true},
	{topic: "sport", does: v("swim", "swam", "swum"), unit: n("lap"), bare: v("swim", "swam", "swum"), pers: ws("day|hour"), rate: [2]int{4, 60}},
	{topic: "sport", does: v("swim", "swam", "swum"), unit: n("lap"), bare: v("go to the pool", "went to the pool", "gone to the pool"), pers: ws("day"), rate: [2]int{4, 60}},
	{topic: "fitness", does: v("do", "did", "done"), unit: n("push-up"), bare: v("work out", "worked out"), pers: ws("day"), rate: [2]int{5, 60}},
	{topic: "fitness", does: v("do", "did", "done"), unit: n("sit-up"), bare: v("exercise"), pers: ws("day|evening"), rate: [2]int{5, 60}},
	{topic: "reading", does: v("read", "read"), unit: n("page"), bare: v("read", "read"), pers: ws("day|hour|night|evening"), rate: [2]int{5, 74}},
	{topic: "reading", does: v("read", "read"), unit: n("chapter"), bare: v("read", "read"), pers: ws("day|week"), rate: [2]int{2, 6}},
	{topic: "music", does: v("practice the piano for", "practiced the piano for"), unit: n("minute"), bare: v("practice", "practiced"), pers: ws("day"), rate: [2]int{10, 70}},
	{topic: "music", does: v("practice the guitar for", "practiced the guitar for"), unit: n("minute"), bare: v("practice", "practiced"), pers: ws("day|evening"), rate: [2]int{10, 70}},
	{topic: "music", does: v("learn", "learned"), unit: n("song"), bare: v("take lessons", "took lessons", "taken lessons"), pers: ws("week"), rate: [2]int{2, 5}},
	{topic: "school", does: v("study", "studied"), pre: "for", unit: n("minute"), bare: v("study", "studied"), pers: ws("day|evening"), rate: [2]int{15, 70}},
	{topic: "school", does: v("solve", "solved"), unit: n("math problem"), bare: v("do homework", "did homework", "done homework"), pers: ws("day|evening|hour"), rate: [2]int{4, 30}},
	{topic: "school", does: v("write", "wrote", "written"), unit: n("page"), bare: v("write", "wrote", "written"), pers: ws("day"), rate: [2]int{2, 12}},
	{topic: "crafts", does: v("knit", "knitted"), unit: n("row"), bare: v("knit", "knitted"), pers: ws("hour|evening"), rate: [2]int{4, 30}},
	{topic: "crafts", does: v("make", "made"), unit: n("bracelet"), bare: v("work", "worked"), btail: "at the craft table", pers: ws("hour"), rate: [2]int{2, 12}},
	{topic: "baking", does: v("bake", "baked"), unit: n("loaf of bread", "loaves of bread"), bare: v("bake", "baked"), pers: ws("hour"), rate: [2]int{4, 30}},
	{topic: "fishing", does: v("catch", "caught"), unit: n("fish", "fish"), bare: v("go fishing", "went fishing", "gone fishing"), pers: ws("hour|day"), rate: [2]int{2, 12}},
	{topic: "camping", does: v("hike", "hiked"), unit: n("mile"), bare: v("hike", "hiked"), pers: ws("day"), rate: [2]int{3, 15}, far: true},
	{topic: "farm", does: v("pick", "picked"), unit: n("basket"), after: "of apples", bare: v("work", "worked"), btail: "in the orchard", pers: ws("hour|day"), rate: [2]int{2, 20}},
	{topic: "sport", does: v("run", "ran", "run"), unit: n("lap"), bare: v("go to", "went to", "gone to"), pers: ws("practice"), rate: [2]int{4, 20}},
	{topic: "sport", does: v("drink", "drank", "drunk"), unit: n("bottle of water", "bottles of water"), bare: v("go to", "went to", "gone to"), pers: ws("practice"), rate: [2]int{2, 4}},
	{topic: "sport", does: v("shoot", "shot"), unit: n("free throw"), bare: v("go to", "went to", "gone to"), pers: ws("practice"), rate: [2]int{10, 50}},
	{topic: "food", does: v("eat", "ate", "eaten"), unit: n("apple"), bare: v("go to school", "went to school", "gone to school"), pers: ws("day"), rate: [2]int{2, 3}},
	{topic: "reading", does: v("read", "read"), unit: n("page"), bare: v("read before bed", "read before bed"), pers: ws("night"), rate: [2]int{5, 40}},
	{topic: "fitness", does: v("swim", "swam", "swum"), unit: n("km", "km"), bare: v("swim", "swam", "swum"), pers: ws("week"), rate: [2]int{2, 10}, far: true},
	{topic: "work", does: v("earn", "earned"), unit: cash.noun, after: "babysitting", bare: v("babysit", "babysat"), pers: ws("hour"), rate: [2]int{6, 25}, money: true},
	{topic: "work", does: v("earn", "earned"), unit: cash.noun, after: "at the cafe", bare: v("work", "worked"), btail: "at the cafe", pers: ws("hour|day"), rate: [2]int{8, 74}, money: true},
	{topic: "work", does: v("make", "made"), unit: cash.noun, after: "tutoring", bare: v("tutor", "tutored"), pers: ws("hour"), rate: [2]int{10, 40}, money: true},
	{topic: "work", does: v("earn", "earned"), unit: cash.noun, after: "at the farm", bare: v("work", "worked"), btail: "at the farm", pers: ws("day"), rate: [2]int{20, 74}, money: true},
	{topic: "work", does: v("get paid", "got paid", "gotten paid"), unit: cash.noun, after: "at the pet shop", bare: v("work", "worked"), btail: "at the pet shop", pers: ws("hour"), rate: [2]int{8, 20}, money: true},
}

// job is a task paid by the piece: "$8 for each lawn".
type job struct {
	task  noun
	do    verb // "mow"
	rate  [2]int
	topic string
}

var jobs = []job{
	{n("lawn"), v("mow", "mowed", "mown"), [2]int{5, 40}, "work"},
	{n("dog"), v("walk"), [2]int{3, 20}, "pets"},
	{n("car"), v("wash"), [2]int{5, 25}, "work"},
	{n("yard"), v("rake"), [2]int{5, 30}, "garden"},
	{n("window"), v("clean"), [2]int{2, 10}, "cleaning"},
	{n("driveway"), v("shovel"), [2]int{5, 30}, "work"},
	{n("bike"), v("fix", "fixed"), [2]int{5, 30}, "work"},
	{n("cake"), v("decorate"), [2]int{10, 40}, "baking"},
	{n("haircut"), v("give", "gave", "given"), [2]int{8, 30}, "work"},
	{n("piano lesson"), v("teach", "taught"), [2]int{10, 40}, "music"},
	{n("room"), v("paint"), [2]int{20, 74}, "construction"},
	{n("package"), v("deliver"), [2]int{2, 8}, "warehouse"},
	{n("portrait"), v("draw", "drew", "drawn"), [2]int{5, 30}, "crafts"},
	{n("shirt"), v("iron"), [2]int{2, 6}, "cleaning"},
	{n("shift"), v("work"), [2]int{20, 74}, "work"},
	{n("tutoring session"), v("lead", "led"), [2]int{10, 40}, "school"},
	{n("dog bath"), v("give", "gave", "given"), [2]int{8, 25}, "pets"},
}

// place is somewhere people or animals come to and leave.
type place struct {
	topic  string
	who    noun      // "passenger"
	where  string    // "on the bus"
	in     []verb    // "got on"
	out    []verb    // "got off"
	events [2]string // two moments in time order when some come and go
}

var places = []place{
	{"travel", n("passenger"), "on the bus", []verb{v("get on", "got on", "gotten on"), v("board")}, []verb{v("get off", "got off", "gotten off")}, [2]string{"at the next stop", "at the stop after that"}},
	{"travel", n("person", "people"), "on the train", []verb{v("get on", "got on", "gotten on"), v("board"), v("climb aboard")}, []verb{v("get off", "got off", "gotten off"), v("step off")}, [2]string{"at the next station", "at the station after that"}},
	{"travel", n("passenger"), "on the ferry", []verb{v("board"), v("come aboard", "came aboard", "come aboard")}, []verb{v("get off", "got off", "gotten off")}, [2]string{"at the island", "at the harbor"}},
	{"park", n("kid"), "at the playground", []verb{v("come", "came", "come"), v("arrive"), v("show up", "showed up", "shown up")}, []verb{v("go home", "went home", "gone home"), v("leave", "left")}, [2]string{"after lunch", "later in the afternoon"}},
	{"party", n("guest"), "at the party", []verb{v("arrive"), v("come", "came", "come"), v("show up", "showed up", "shown up")}, []verb{v("leave", "left"), v("go home", "went home", "gone home"), v("leave early", "left early")}, [2]string{"after dinner", "later that night"}},
	{"library", n("person", "people"), "in the library", []verb{v("come in", "came in", "come in"), v("walk in", "walked in")}, []verb{v("leave", "left"), v("walk out", "walked out")}, [2]string{"after lunch", "later that afternoon"}},
	{"animals", n("duck"), "on the pond", []verb{v("land"), v("fly in", "flew in", "flown in"), v("swim over", "swam over", "swum over")}, []verb{v("fly away", "flew away", "flown away"), v("leave", "left")}, [2]string{"in the afternoon", "in the evening"}},
	{"animals", n("bird"), "in the tree", []verb{v("land"), v("fly in", "flew in", "flown in")}, []verb{v("fly away", "flew away", "flown away"), v("fly off", "flew off", "flown off")}, [2]string{"in the morning", "at noon"}},
	{"travel", n("car"), "in the parking lot", []verb{v("pull in"), v("park"), v("drive in", "drove in", "driven in")}, []verb{v("drive away", "drove away", "driven away"), v("leave", "left")}, [2]string{"by noon", "in the afternoon"}},
	{"pets", n("dog"), "at the shelter", []verb{v("be brought in"), v("arrive")}, []verb{v("be adopted"), v("go to new homes", "went to new homes", "gone to new homes")}, [2]string{"during the week", "over the weekend"}},
	{"hospital", n("patient"), "in the waiting room", []verb{v("arrive"), v("come in", "came in", "come in"), v("walk in", "walked in")}, []verb{v("go home", "went home", "gone home"), v("be called in"), v("leave", "left")}, [2]string{"before lunch", "after lunch"}},
	{"shopping", n("customer"), "in the store", []verb{v("come in", "came in", "come in"), v("walk in", "walked in")}, []verb{v("leave", "left"), v("walk out", "walked out")}, [2]string{"at noon", "in the afternoon"}},
	{"sport", n("swimmer"), "in the pool", []verb{v("jump in", "jumped in"), v("get in", "got in", "gotten in")}, []verb{v("get out", "got out", "gotten out"), v("climb out", "climbed out")}, [2]string{"in the morning", "after lunch"}},
	{"camping", n("camper"), "at the campsite", []verb{v("arrive"), v("check in", "checked in")}, []verb{v("go home", "went home", "gone home"), v("leave", "left"), v("pack up and leave", "packed up and left")}, [2]string{"on Saturday", "on Sunday"}},
	{"farm", n("cow"), "in the barn", []verb{v("come in", "came in", "come in"), v("be led in")}, []verb{v("go out to the field", "went out to the field", "gone out to the field"), v("walk out", "walked out")}, [2]string{"early in the morning", "at noon"}},
	{"pets", n("fish", "fish"), "in the tank", []verb{v("be added")}, []verb{v("be moved to another tank"), v("be taken out")}, [2]string{"on Monday", "on Friday"}},
	{"museum", n("visitor"), "in the museum", []verb{v("come in", "came in", "come in"), v("arrive")}, []verb{v("leave", "left"), v("go home", "went home", "gone home")}, [2]string{"around noon", "in the afternoon"}},
}

// crowd is a pair of kinds of people that can be put together.
type crowd struct {
	kinds  [2]noun
	where  string   // "in the gym"
	boss   string   // who sorts them: "the coach"
	whole  noun     // all of them: "kid"
	fits   []string // the gatherings they are put into (gathering.into)
	ranked bool     // the first kind is the larger group (more students than teachers)
	most   int      // how many people it plausibly holds
}

var crowds = []crowd{
	{[2]noun{n("girl"), n("boy")}, "in the gym", "the coach", n("kid"), ws("teams|groups|lines"), false, 60},
	{[2]noun{n("girl"), n("boy")}, "in the class", "the teacher", n("student"), ws("groups|teams|tables|rows|lines"), false, 40},
	{[2]noun{n("child", "children"), n("adult")}, "at the picnic", "the organizer", n("person", "people"), ws("tables|groups|teams"), true, 120},
	{[2]noun{n("runner"), n("walker")}, "at the charity race", "the race leader", n("person", "people"), ws("groups|teams|vans"), false, 120},
	{[2]noun{n("camper"), n("counselor")}, "at the camp", "the camp director", n("person", "people"), ws("cabins|canoes|tents|groups|teams|boats"), true, 120},
	{[2]noun{n("student"), n("parent")}, "on the field trip", "the teacher", n("person", "people"), ws("vans|cars|groups"), true, 120},
	{[2]noun{n("student"), n("teacher")}, "at the assembly", "the principal", n("person", "people"), ws("rows|lines|groups"), true, 150},
	{[2]noun{n("volunteer"), n("helper")}, "at the park cleanup", "the leader", n("person", "people"), ws("groups|teams|vans"), false, 120},
	{[2]noun{n("swimmer"), n("diver")}, "at the pool", "the coach", n("athlete"), ws("teams|groups|lines"), false, 60},
	{[2]noun{n("dancer"), n("singer")}, "at the rehearsal", "the director", n("performer"), ws("groups|rows|lines"), false, 80},
	{[2]noun{n("fan"), n("player")}, "at the game", "the manager", n("person", "people"), ws("rows|groups|vans|cars"), true, 150},
	{[2]noun{n("guest"), n("family member")}, "at the wedding", "the planner", n("person", "people"), ws("tables|rows"), true, 150},
}

// gatherings are what people are put into: teams of c, tables of c.
var gatherings = []struct {
	noun
	into string // "teams", said as "into teams of 4" or "into 4 equal teams"
	on   string // "on each team"
	cap  [2]int
}{
	{n("team"), "teams", "on each team", [2]int{2, 12}},
	{n("group"), "groups", "in each group", [2]int{2, 12}},
	{n("table"), "tables", "at each table", [2]int{2, 12}},
	{n("van"), "vans", "in each van", [2]int{4, 12}},
	{n("car"), "cars", "in each car", [2]int{2, 5}},
	{n("row"), "rows", "in each row", [2]int{3, 20}},
	{n("cabin"), "cabins", "in each cabin", [2]int{4, 12}},
	{n("canoe"), "canoes", "in each canoe", [2]int{2, 3}},
	{n("boat"), "boats", "in each boat", [2]int{4, 12}},
	{n("tent"), "tents", "in each tent", [2]int{2, 6}},
	{n("line"), "lines", "in each line", [2]int{3, 20}},
}

// grid is something laid out in equal units: seats in rows, plants in
// rows, photos on pages. Some of its units can be out of use (shut), and
// ok asks for the items still in use ("How many seats are available?").
type grid struct {
	topic string
	prep  string    // "in" or "on" each unit
	unit  noun      // "row"
	item  noun      // "seat"
	parts [2]string // two parts of the whole: "on the main floor", "in the balcony"
	where string    // the whole: "the theater"
	shut  verb      // "be closed for repairs"; none when units cannot be shut
	shutT tense
	ok    verb   // "be available"
	okAux string // "do" or a modal: "can" (be used)
	fit   [2]int // how many items a unit plausibly has
	units int    // how many units the whole plausibly has
}

var grids = []grid{
	{"theater", "in", n("row"), n("seat"), [2]string{"on the main floor", "in the balcony"}, "the theater", v("be closed for repairs"), present, v("be available"), "do", [2]int{4, 40}, 60},
	{"garden", "in", n("row"), n("plant"), [2]string{"of tomatoes", "of peppers"}, "the garden", v("get flooded", "got flooded", "gotten flooded"), past, v("be left"), "do", [2]int{3, 74}, 120},
	{"farm", "in", n("row"), n("corn plant"), [2]string{"near the barn", "by the road"}, "the field", v("be eaten by deer"), past, v("be left"), "do", [2]int{5, 74}, 120},
	{"orchard", "in", n("row"), n("tree"), [2]string{"of apple trees", "of pear trees"}, "the orchard", v("have trees too young to pick", "had trees too young to pick"), present, v("be picked"), "can", [2]int{3, 30}, 60},
	{"stadium", "in", n("section"), n("seat"), [2]string{"behind home plate", "along the left field line"}, "the stadium", v("be roped off"), present, v("be sold"), "can", [2]int{10, 74}, 60},
	{"library", "on", n("shelf", "shelves"), n("book"), [2]string{"in the kids' section", "in the reading room"}, "the library", verb{}, present, verb{}, "", [2]int{5, 74}, 120},
	{"photos", "on", n("page"), n("photo"), [2]string{"of beach pictures", "of birthday pictures"}, "the album", v("get torn out", "got torn out", "gotten torn out"), past, v("be left"), "do", [2]int{2, 12}, 120},
	{"parking", "in", n("row"), n("parking space"), [2]string{"near the door", "at the back"}, "the parking lot", v("be blocked by snow"), present, v("be used"), "can", [2]int{5, 40}, 30},
	{"school", "in", n("classroom"), n("desk"), [2]string{"upstairs", "downstairs"}, "the school", v("be being painted"), present, v("be used"), "can", [2]int{10, 40}, 60},
	{"hospital", "in", n("ward"), n("bed"), [2]string{"on the ground floor", "upstairs"}, "the hospital", v("be closed"), present, v("be available"), "do", [2]int{4, 30}, 20},
	{"warehouse", "on", n("shelf", "shelves"), n("box", "boxes"), [2]string{"near the loading dock", "at the back"}, "the warehouse", v("be empty"), present, v("be on the shelves"), "do", [2]int{3, 30}, 120},
	{"school", "in", n("row"), n("seat"), [2]string{"on the home side", "on the visitors' side"}, "the gym", v("be roped off"), present, v("be open"), "do", [2]int{8, 30}, 20},
	{"camping", "in", n("cabin"), n("bunk"), [2]string{"by the lake", "in the woods"}, "the camp", v("be being repaired"), present, v("be used"), "can", [2]int{2, 16}, 30},
}

// chore is work that can be spread over days: pages of two books.
type chore struct {
	unit    noun      // "page"
	do      verb      // "read"
	sources [2]string // "of her history book", "of a novel"
	topic   string
}

var chores = []chore{
	{n("page"), v("read", "read"), [2]string{"of a history book", "of a science book"}, "school"},
	{n("page"), v("read", "read"), [2]string{"of a mystery novel", "of a comic book"}, "reading"},
	{n("math problem"), v("solve"), [2]string{"for homework", "for extra practice"}, "school"},
	{n("thank-you card"), v("write", "wrote", "written"), [2]string{"for birthday gifts", "for holiday gifts"}, "party"},
	{n("box", "boxes"), v("unpack"), [2]string{"in the kitchen", "in the bedroom"}, "moving"},
	{n("photo"), v("edit"), [2]string{"from the trip", "from the wedding"}, "photos"},
	{n("mile"), v("hike", "hiked"), [2]string{"on the mountain trail", "on the river trail"}, "camping"},
	{n("lap"), v("swim", "swam", "swum"), [2]string{"for the swim test", "for training"}, "sport"},
	{n("word"), v("learn", "learned"), [2]string{"for the spelling test", "for the French quiz"}, "school"},
	{n("song"), v("practice", "practiced"), [2]string{"for the concert", "for the recital"}, "music"},
	{n("fence board"), v("paint"), [2]string{"in the front yard", "in the back yard"}, "construction"},
	{n("shelf", "shelves"), v("dust"), [2]string{"in the library", "in the office"}, "cleaning"},
	{n("bag"), v("pack"), [2]string{"of rice", "of beans"}, "charity"},
}

// handout is something handed out to people, at most a few each.
type handout struct {
	noun
	most  int
	topic string
}

var handouts = []handout{
	{n("sticker"), 12, "school"}, {n("pencil"), 6, "school"}, {n("water bottle"), 3, "sport"},
	{n("juice box", "juice boxes"), 3, "food"}, {n("cookie"), 6, "baking"}, {n("cupcake"), 3, "baking"},
	{n("balloon"), 6, "party"}, {n("party hat"), 2, "party"}, {n("flyer"), 10, "office"},
	{n("face mask"), 5, "hospital"}, {n("sandwich", "sandwiches"), 3, "food"}, {n("marker"), 8, "school"},
	{n("raffle ticket"), 12, "party"}, {n("granola bar"), 4, "food"}, {n("orange"), 3, "farm"},
	{n("apple"), 3, "farm"}, {n("sheet of paper", "sheets of paper"), 20, "school"},
	{n("crayon"), 16, "school"}, {n("bookmark"), 4, "library"}, {n("worksheet"), 6, "school"},
	{n("glow stick"), 5, "party"}, {n("tennis ball"), 4, "sport"}, {n("seed packet"), 5, "garden"},
	{n("paper cup"), 4, "party"}, {n("napkin"), 6, "party"}, {n("ribbon"), 5, "crafts"},
}

// hobbies are what a person likes, by topic, for detail sentences: verb
// phrases in the base form ("love to bake"), inflected for the subject.
var hobbies = map[string][]string{
	"baking":       ws("love to bake|enjoy baking|bake every weekend"),
	"food":         ws("love to cook|like trying new foods"),
	"farm":         ws("live on a farm|love working outside"),
	"garden":       ws("love gardening|like spending time in the garden"),
	"school":       ws("like art class|be in the school art club"),
	"office":       ws("work in an office"),
	"party":        ws("love parties|be planning a party"),
	"toys":         ws("love games|like to play with friends"),
	"collecting":   ws("love collecting things|keep a collection"),
	"travel":       ws("love to travel|be just back from a trip"),
	"photos":       ws("love taking pictures"),
	"library":      ws("love to read|go to the library every week"),
	"sport":        ws("play on a team|love sports"),
	"pets":         ws("love animals|have a dog"),
	"crafts":       ws("love crafts|like making things by hand"),
	"music":        ws("play in a band|love music"),
	"charity":      ws("like helping others|volunteer on weekends"),
	"camping":      ws("love camping|like being outdoors"),
	"fishing":      ws("love fishing|go to the lake often"),
	"recycling":    ws("care about the planet"),
	"cleaning":     ws("like a tidy house"),
	"construction": ws("like building things"),
	"hospital":     ws("work at a hospital"),
	"warehouse":    ws("work hard"),
	"fitness":      ws("be training for a race|like to stay fit"),
	"reading":      ws("love stories"),
	"work":         ws("be saving up for a bike|be saving for a trip"),
	"money":        ws("be saving up for a bike|want to buy a new game"),
}

// scenery are detail sentences about anything: "It was a sunny day."
var scenery = ws(`It was a sunny day.|It was a cold morning.|The weather was nice.|It was a busy week.|It was raining outside.|Everyone was in a good mood.|It was a warm afternoon.|The day went by fast.`)

// rental is something paid for by the period: "Renting a kayak costs $9
// an hour."
type rental struct {
	topic string
	thing string // "a kayak"
	per   string // a key of periods: "hour"
	// used and booked say what the renter did and had planned, with %s
	// for the count of periods: "rented a kayak for %s", "booked a kayak
	// for %s".
	used, booked string
	price        [2]int
	where        string // who charges: "the boat shop"
}

var rentals = []rental{
	{"sport", "a kayak", "hour", "rented a kayak for %s", "booked a kayak for %s", [2]int{5, 20}, "the boat shop"},
	{"fitness", "a bike", "hour", "rented a bike for %s", "reserved a bike for %s", [2]int{3, 15}, "the bike shop"},
	{"travel", "a hotel room", "night", "stayed at the hotel for %s", "booked a hotel room for %s", [2]int{30, 74}, "the hotel"},
	{"camping", "a campsite", "night", "camped for %s", "reserved a campsite for %s", [2]int{10, 40}, "the park"},
	{"fitness", "a gym membership", "month", "paid for %s of gym membership", "signed up for %s at the gym", [2]int{10, 40}, "the gym"},
	{"travel", "a parking spot", "day", "parked at the garage for %s", "paid ahead for %s of parking", [2]int{4, 20}, "the garage"},
	{"sport", "a locker", "day", "rented a locker for %s", "reserved a locker for %s", [2]int{2, 8}, "the pool"},
	{"music", "a practice room", "hour", "used a practice room for %s", "booked a practice room for %s", [2]int{5, 25}, "the music school"},
	{"moving", "a storage unit", "month", "kept things in a storage unit for %s", "rented a storage unit for %s", [2]int{15, 40}, "the storage company"},
	{"pets", "a dog sitter", "day", "had a dog sitter for %s", "hired a dog sitter for %s", [2]int{10, 30}, "the pet care service"},
}

// session is a stretch of time split into equal parts after a first
// part: practice of 60 minutes, a warm-up, then 4 equal drills.
type session struct {
	topic string
	whole string // "soccer practice"
	unit  noun   // "minute"
	first string // what comes out of it: "the warm-up"
	part  noun   // "drill"
	most  int    // how long it plausibly lasts
}

var sessions = []session{
	{"sport", "soccer practice", n("minute"), "the warm-up", n("drill"), 120},
	{"school", "art class", n("minute"), "cleanup", n("project"), 90},
	{"party", "the party", n("minute"), "opening presents", n("game"), 120},
	{"music", "the concert", n("minute"), "the opening speech", n("song"), 120},
	{"school", "the study session", n("minute"), "a snack break", n("subject"), 120},
	{"travel", "the drive", n("km", "km"), "the part on the highway", n("leg"), 120},
	{"camping", "the hike", n("mile"), "the climb to the lake", n("stage"), 40},
	{"fitness", "the workout", n("minute"), "stretching", n("exercise"), 90},
	{"party", "movie night", n("minute"), "the trailers", n("episode"), 120},
	{"school", "the school day", n("hour"), "lunch and recess", n("class"), 10},
}

// errand is something several are needed of, partly taken care of by
// someone else: "The class needs 30 chairs in the gym and 12 in the hall.
// The janitor already set up 15."
type errand struct {
	topic string
	thing noun
	parts [2]string // where or what for: "in the gym", "in the hall"
	done  verb      // "set up"
	by    string    // who did some: "the janitor"; empty for a relative
}

var errands = []errand{
	{"school", n("chair"), [2]string{"in the gym", "in the hall"}, v("set up", "set up"), "the janitor"},
	{"baking", n("cupcake"), [2]string{"for the party", "for the bake sale"}, v("bake", "baked"), ""},
	{"food", n("sandwich", "sandwiches"), [2]string{"for the picnic", "for the field trip"}, v("make", "made"), ""},
	{"sport", n("water bottle"), [2]string{"for the game", "for practice"}, v("bring", "brought"), "the coach"},
	{"party", n("balloon"), [2]string{"for the party", "for the parade"}, v("blow up", "blew up", "blown up"), ""},
	{"party", n("invitation"), [2]string{"for the family", "for friends from school"}, v("write", "wrote", "written"), ""},
	{"school", n("poster"), [2]string{"for the hallway", "for the library"}, v("make", "made"), "the art club"},
	{"garden", n("seedling"), [2]string{"for the front yard", "for the back yard"}, v("plant", "planted"), ""},
	{"party", n("gift bag"), [2]string{"for the kids", "for the grown-ups"}, v("fill", "filled"), ""},
	{"office", n("flyer"), [2]string{"for the school", "for the library"}, v("print", "printed"), "the print shop"},
}
