package synth

import "slices"

// The frames of stories with many numbers (general.go): one sentence
// lists counts (by day, by kind or thing, by person), and the question
// adds two of them (a+b) or three ((a+b)+c), or asks how many more one is
// than another (a-b); the other counts are not used. A list holds the
// question's numbers and up to five more, so a story has up to eight
// numbers.

// enList is the English of this file.
var enList = phraseBook("list")

// weekdays are the days of the week in order (data/lists.tsv).
var weekdays = fromList("weekdays", (*row).list)

// listing is a list of counts told in one sentence: its fact (without
// numbers in slots yet), the labels of its items as the question names
// them, and how the question asks about some of them.
type listing struct {
	f    fact
	nums []int
	// sum asks for the total of the items (in text order); more asks how
	// many more the first item is than the second.
	sum  func(items []int) question
	more func(big, small int) question
	main *actor
	th   *thing
	// timed marks a list of an activity by day.
	timed bool
}

// listSize draws how many items a list has when its question uses
// used of them: at least one more, more when the problem wants unused
// numbers, at most most and eight.
func (g *gen) listSize(used, most int) int {
	return min(used+1+g.unused+g.rng.Intn(4), most, 8)
}

// byDay lists what someone got (or did) on m days in a row.
func (g *gen) byDay(m int) (listing, bool) {
	who := g.person()
	start := g.rng.Intn(len(weekdays) - m + 1)
	days := weekdays[start : start+m]
	if g.chance(0.5) {
		return g.daysDoing(who, days)
	}
	return g.daysGetting(who, days)
}

// daysDoing lists how much of an activity someone did on some days.
func (g *gen) daysDoing(who *actor, days []string) (listing, bool) {
	act, _, _ := g.anyActivity()
	nums, ok := counts(len(days), func() int { return smallInt(g.rng, max(1, act.rate[0]/2), act.rate[1]*2) })
	if !ok {
		return listing{}, false
	}
	l := listing{main: who, timed: true, nums: nums}
	var parts []string
	for i, day := range days {
		parts = append(parts, enList.one("on day", holes{"amount": act.object(nums[i]), "day": day}))
	}
	l.f = fact{cl: clause{who: who, v: act.does, obj: same(list(parts))}, terse: same(list(parts))}
	l.sum = func(items []int) question {
		return activityQs(who, act, "did", enList.pick(g.rng, "on days", holes{"days": dayList(days, items)}))[0]
	}
	l.more = func(big, small int) question {
		return asked("ask", who, holes{"howmany": moreOf(act), "verb": verbText(act.does), "aux": "did", "tail": enList.one("than on", holes{"big": days[big], "small": days[small]})})[0]
	}
	return l, true
}

// daysGetting lists how many of a thing someone got on some days.
func (g *gen) daysGetting(who *actor, days []string) (listing, bool) {
	th := g.thing(nil)
	vb, ok := g.gatherVerb(th, who, 60)
	if !ok {
		return listing{}, false
	}
	nums, ok := counts(len(days), func() int { return g.amount(2, 60) })
	if !ok {
		return listing{}, false
	}
	l := listing{main: who, th: th, nums: nums}
	parts := []string{enList.one("on day", holes{"amount": cnt(th, nums[0]), "day": days[0]})}
	for i, day := range days[1:] {
		parts = append(parts, enList.one("on day", holes{"amount": itoa(nums[i+1]), "day": day}))
	}
	l.f = fact{cl: clause{who: who, v: vb, obj: same(list(parts))}, terse: same(list(parts))}
	l.sum = func(items []int) question {
		return asked("ask", who, holes{"howmany": howMany(th), "verb": verbText(vb), "aux": "did", "tail": enList.pick(g.rng, "on days together", holes{"days": dayList(days, items)})})[0]
	}
	l.more = func(big, small int) question {
		return asked("ask", who, holes{"howmany": enList.one("how many more", holes{"things": th.pl}), "verb": verbText(vb), "aux": "did", "tail": enList.one("than on", holes{"big": days[big], "small": days[small]})})[0]
	}
	return l, true
}

// counts draws m different counts (so that the question's numbers are
// told apart from the others); false when draw repeats itself too often.
func counts(m int, draw func() int) ([]int, bool) {
	var out []int
	for try := 0; len(out) < m && try < 20*m; try++ {
		if k := draw(); !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out, len(out) == m
}

// dayList names some days: "Monday and Thursday", "Monday, Tuesday and
// Friday".
func dayList(days []string, items []int) string {
	var out []string
	for _, i := range items {
		out = append(out, days[i])
	}
	return list(out)
}

// moreOf is the head of a question of how much more of an activity.
func moreOf(act activity) string {
	switch {
	case act.money:
		return enList.one("more money", nil)
	case act.far:
		return enList.one("farther", nil)
	case act.after != "":
		return enList.one("more units after", holes{"units": act.unit.pl, "after": act.after})
	}
	return enList.one("how many more", holes{"things": act.unit.pl})
}

// byThing lists the things a business sold (or has), or the kinds of a
// thing someone has.
func (g *gen) byThing(m int) (listing, bool) {
	who, names := g.kindsOf(m)
	if who == nil {
		var ok bool
		if who, names, ok = g.wares(m); !ok {
			return listing{}, false
		}
	}
	vb, aux := enList.verb("have"), "do"
	if who.kind == business && g.chance(0.6) {
		vb, aux = enList.verb("sell"), "did"
	}
	nums, ok := counts(len(names), func() int { return g.amount(2, 60) })
	if !ok {
		return listing{}, false
	}
	l := listing{main: who, nums: nums}
	var parts []string
	for i, name := range names {
		parts = append(parts, itoa(nums[i])+" "+name)
	}
	l.f = fact{cl: clause{who: who, v: vb, obj: same(list(parts)), tense: present}, terse: same(list(parts))}
	if vb.base != "have" {
		l.f.cl.tense, l.f.cl.when = past, enList.pick(g.rng, "when sold", nil)
	}
	l.sum = func(items []int) question {
		var ns []string
		for _, i := range items {
			ns = append(ns, names[i])
		}
		return asked("ask", who, holes{"howmany": enList.one("how many of", holes{"names": list(ns)}), "verb": verbText(vb), "aux": aux, "tail": enList.pick(g.rng, "in all", nil)})[0]
	}
	l.more = func(big, small int) question {
		return asked("ask", who, holes{"howmany": enList.one("more than", holes{"big": names[big], "small": names[small]}), "verb": verbText(vb), "aux": aux, "tail": ""})[0]
	}
	return l, true
}

// kindsOf draws m kinds of a thing and who has them ("red marbles",
// "blue marbles"); half the time, or when no thing has m kinds, it
// draws none (who is nil).
func (g *gen) kindsOf(m int) (who *actor, names []string) {
	th := g.thing(func(t *thing) bool { return len(t.kinds) >= m })
	if th == nil || g.chance(0.5) {
		return nil, nil
	}
	for _, i := range g.rng.Perm(len(th.kinds))[:m] {
		names = append(names, th.kinds[i]+" "+th.pl)
	}
	return g.owner(th), names
}

// wares draws a business and m things it deals in.
func (g *gen) wares(m int) (*actor, []string, bool) {
	th := g.thing(func(t *thing) bool { return len(t.biz) > 0 })
	biz := pick(g.rng, th.biz)
	var names []string
	for _, i := range g.rng.Perm(len(things)) {
		if contains(things[i].biz, biz) && len(names) < m {
			names = append(names, things[i].pl)
		}
	}
	return pickBusiness(biz), names, len(names) == m
}

// byPerson lists how many of a thing some people have.
func (g *gen) byPerson(m int) (listing, bool) {
	th := g.thing(nil)
	nums, ok := counts(m, func() int { return g.amount(2, 60) })
	if !ok {
		return listing{}, false
	}
	l := listing{nums: nums}
	var people []*actor
	var parts []string
	for i := 0; i < m; i++ {
		p := pickPerson(g.rng, people...)
		if p.pro == proThey {
			p.pro = proShe
			p.name = pick(g.rng, namesShe)
		}
		for _, q := range people {
			if q.name == p.name {
				return l, false
			}
		}
		people = append(people, p)
		c := itoa(nums[i])
		if i == 0 {
			c = cnt(th, nums[i])
		}
		parts = append(parts, enList.pick(g.rng, "has", holes{"name": p.name, "count": c}))
	}
	if m > 3 && g.chance(0.5) {
		// "Maya has 12 stickers, Tom 15, Lena 9 and Ali 20."
		for i := 1; i < len(parts); i++ {
			parts[i] = people[i].name + " " + itoa(nums[i])
		}
	}
	l.th = th
	l.f = fact{cl: clause{subj: same(list(parts)), tense: present}, terse: same(list(parts))}
	l.sum = func(items []int) question {
		var ps []*actor
		for _, i := range items {
			ps = append(ps, people[i])
		}
		all := &actor{parts: ps, pro: proThey, plural: true, kind: person}
		return asked("ask", all, holes{"howmany": howMany(th), "verb": verbText(enList.verb("have")), "aux": "do", "tail": enList.pick(g.rng, "together", nil)})[0]
	}
	l.more = func(big, small int) question {
		return asked("ask", people[big], holes{"howmany": enList.one("how many more", holes{"things": th.pl}), "verb": verbText(enList.verb("have")), "aux": "do", "tail": enList.one("than person", holes{"name": people[small].name})})[0]
	}
	return l, true
}

// listOf draws a listing of m items.
func (g *gen) listOf(m int) (listing, bool) {
	switch r := g.rng.Intn(3); {
	case r == 0 && m <= len(weekdays):
		return g.byDay(m)
	case r == 1:
		return g.byThing(m)
	}
	return g.byPerson(m)
}

// listStory makes the story of a listing and its question; the items'
// slots are their places in the list.
func listStory(l listing, q question, eq *term) *story {
	l.f.slot, l.f.step = 0, 0
	for i := range l.nums {
		l.f.list = append(l.f.list, i)
	}
	nums := make([]num, len(l.nums))
	for i, k := range l.nums {
		nums[i] = whole(k)
	}
	st := &story{main: l.main, topic: "list", facts: []fact{l.f}, qs: []question{q}, thing: l.th, timed: l.timed, noTerse: true}
	return st.with(eq, nums...)
}

// listSum: a list of counts; how many are two (or three) of them
// together.
func listSum(g *gen, used int) (*story, bool) {
	most := 7
	if used == 3 {
		most = 8
	}
	l, ok := g.listOf(g.listSize(used, most))
	if !ok || len(l.nums) < used+1 {
		return nil, false
	}
	items := g.rng.Perm(len(l.nums))[:used]
	slices.Sort(items)
	eq := add(at(items[0]), at(items[1]))
	if used == 3 {
		eq = add(eq, at(items[2]))
	}
	return listStory(l, l.sum(items), eq), true
}

func listPair(g *gen) (*story, bool)   { return listSum(g, 2) }
func listTriple(g *gen) (*story, bool) { return listSum(g, 3) }

// listMore: a list of counts; how many more is one than another.
func listMore(g *gen) (*story, bool) {
	l, ok := g.listOf(g.listSize(2, 7))
	if !ok || len(l.nums) < 3 {
		return nil, false
	}
	items := g.rng.Perm(len(l.nums))[:2]
	big, small := items[0], items[1]
	if l.nums[big] < l.nums[small] {
		big, small = small, big
	}
	if l.nums[big] == l.nums[small] {
		return nil, false
	}
	return listStory(l, l.more(big, small), sub(at(big), at(small))), true
}
