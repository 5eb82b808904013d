package synth

// This file holds the things the stories count, the containers they come
// in, and the topics they belong to. To add a thing, add a line to things:
// its actions are keys of gains, losses and spoils (actions.go), its
// containers keys of containers.

// thing is a kind of countable object.
type thing struct {
	noun
	topic string
	kinds []string // adjectives that sort it: "red", "green" (none for "can of food")
	get   []string // keys of gains
	lose  []string // keys of losses
	spoil []string // keys of spoils
	packs []string // keys of containers
	price [2]int   // a price range in dollars; zero when it is not sold by the piece
	uses  []string // what some of it is needed for: "for a pie"
	biz   []string // businesses that have it: "bakery"
	group bool     // a class, club or family may collect or make it
	money bool     // the thing is money: counts are written "$5"
	// measure marks an amount in a unit ("cm of ribbon", "grams of
	// rice"), which is not counted off: "8 cm of ribbon", not "8 of them".
	measure bool
	most    int // the most of it a container holds (big things); 0 for no limit
}

// cash is money as a thing.
var cash = &thing{noun: n("dollar"), topic: "money", money: true,
	get:  ws("earn|save|get|receive|be given|find|win"),
	lose: ws("spend|give|lend|donate|lose|pay")}

var things = []*thing{
	// baking and food
	{noun: n("cookie"), topic: "baking", kinds: ws("chocolate chip|oatmeal|sugar|ginger"), get: ws("bake|make|buy|be given"), lose: ws("eat|give away|sell|share|give|hand out|take to|set aside"), spoil: ws("burn|break"), packs: ws("box|bag|jar|tin|tray|plate"), price: [2]int{1, 3}, uses: ws("for the bake sale|for a party"), biz: ws("bakery|cafe"), group: true},
	{noun: n("cupcake"), topic: "baking", kinds: ws("vanilla|lemon|chocolate|strawberry"), get: ws("bake|make|buy|be given"), lose: ws("eat|sell|give away|hand out|share|give|set aside"), spoil: ws("get squashed|fall"), packs: ws("box|tray|plate"), price: [2]int{2, 5}, uses: ws("for the party|for the bake sale"), biz: ws("bakery|cafe"), group: true, most: 24},
	{noun: n("muffin"), topic: "baking", kinds: ws("blueberry|banana|bran|corn"), get: ws("bake|make|buy"), lose: ws("eat|sell|give away|share|give"), spoil: ws("burn|get squashed|be past their date"), packs: ws("box|basket|tray|bag"), price: [2]int{2, 4}, uses: ws("for breakfast|for the bake sale"), biz: ws("bakery|cafe"), most: 24},
	{noun: n("brownie"), topic: "baking", kinds: ws("fudge|walnut|mint"), get: ws("bake|make|buy"), lose: ws("eat|sell|share|give away|give"), spoil: ws("burn"), packs: ws("tray|box|plate|tin"), price: [2]int{1, 4}, uses: ws("for the bake sale|for the picnic"), biz: ws("bakery"), group: true, most: 36},
	{noun: n("loaf of bread", "loaves of bread"), topic: "baking", get: ws("bake|make|buy"), lose: ws("sell|eat|give away|donate|deliver"), spoil: ws("go bad|burn|be past their date"), packs: ws("basket|bag|shelf|tray|crate"), price: [2]int{2, 6}, biz: ws("bakery|grocery store"), most: 30},
	{noun: n("pie"), topic: "baking", kinds: ws("apple|cherry|pumpkin|peach"), get: ws("bake|make|buy"), lose: ws("sell|give away|deliver|eat|give"), spoil: ws("burn|fall"), packs: ws("box|shelf|tray"), price: [2]int{8, 25}, uses: ws("for the fair|for dinner"), biz: ws("bakery|diner"), most: 12},
	{noun: n("donut"), topic: "baking", kinds: ws("glazed|jelly|chocolate|sprinkle"), get: ws("make|buy|fry"), lose: ws("eat|sell|share|give away|hand out"), spoil: ws("get squashed"), packs: ws("box|bag|tray"), price: [2]int{1, 3}, uses: ws("for the meeting"), biz: ws("bakery|donut shop"), most: 36},
	{noun: n("bagel"), topic: "baking", kinds: ws("plain|sesame|onion|cinnamon"), get: ws("bake|buy|make"), lose: ws("eat|sell|give away"), spoil: ws("go bad|be past their date"), packs: ws("bag|basket|tray"), price: [2]int{1, 3}, biz: ws("bakery|cafe"), most: 36},
	{noun: n("sandwich", "sandwiches"), topic: "food", kinds: ws("ham|cheese|turkey|veggie"), get: ws("make|buy|order"), lose: ws("eat|sell|hand out|give away|share"), spoil: ws("get squashed|go bad|be out of date"), packs: ws("tray|cooler|plate|bag"), price: [2]int{3, 10}, uses: ws("for the picnic|for lunch"), biz: ws("cafe|deli|food truck"), group: true, most: 24},
	{noun: n("pizza"), topic: "food", kinds: ws("cheese|pepperoni|veggie|mushroom"), get: ws("order|make|buy|bake"), lose: ws("eat|sell|deliver|share"), spoil: ws("burn|fall"), price: [2]int{8, 20}, uses: ws("for the party"), biz: ws("pizza shop|restaurant"), group: true, most: 6},
	{noun: n("taco"), topic: "food", kinds: ws("beef|chicken|fish|bean"), get: ws("make|order|buy"), lose: ws("eat|sell|serve|share"), spoil: ws("fall"), packs: ws("plate|tray"), price: [2]int{2, 5}, biz: ws("food truck|restaurant"), most: 24},
	{noun: n("hot dog"), topic: "camping", get: ws("buy|bring|grill|cook"), lose: ws("eat|sell|share|serve"), spoil: ws("burn|fall"), packs: ws("pack|plate|tray"), price: [2]int{1, 4}, uses: ws("for the cookout"), biz: ws("snack bar|food truck"), group: true, most: 24},
	{noun: n("juice box", "juice boxes"), topic: "food", kinds: ws("apple|grape|orange"), get: ws("buy|bring|get"), lose: ws("drink|hand out|give away|share"), spoil: ws("leak|be expired"), packs: ws("pack|cooler|case|box"), price: [2]int{1, 2}, uses: ws("for the picnic|for the game"), group: true, most: 40},

	// fruit, vegetables and the farm
	{noun: n("apple"), topic: "farm", kinds: ws("red|green|yellow"), get: ws("pick|buy|gather|get|harvest"), lose: ws("eat|sell|give away|use|share|give|set aside"), spoil: ws("go bad|rot"), packs: ws("bag|basket|crate|box|bucket|bowl"), price: [2]int{1, 2}, uses: ws("for a pie|to make applesauce"), biz: ws("farm|fruit stand|market stall"), group: true},
	{noun: n("orange"), topic: "farm", kinds: ws("navel|blood"), get: ws("pick|buy|get"), lose: ws("eat|squeeze|sell|give away|share"), spoil: ws("go bad|rot"), packs: ws("crate|bag|box|bowl"), price: [2]int{1, 2}, uses: ws("to make juice"), biz: ws("fruit stand|farm"), most: 60},
	{noun: n("peach", "peaches"), topic: "farm", kinds: ws("white|yellow"), get: ws("pick|buy|gather"), lose: ws("eat|sell|give away|use"), spoil: ws("go bad|get squashed"), packs: ws("basket|crate|box|bowl"), price: [2]int{1, 2}, uses: ws("for a cobbler|for jam"), biz: ws("farm|fruit stand"), most: 40},
	{noun: n("pear"), topic: "farm", kinds: ws("green|brown|red"), get: ws("pick|buy|gather"), lose: ws("eat|sell|give away|use"), spoil: ws("go bad|rot"), packs: ws("basket|crate|box|bowl"), price: [2]int{1, 2}, uses: ws("for a tart"), biz: ws("farm|fruit stand"), most: 40},
	{noun: n("lemon"), topic: "farm", kinds: ws("large|small"), get: ws("pick|buy"), lose: ws("squeeze|use|sell|give away"), spoil: ws("go bad"), packs: ws("bag|bowl|crate|basket"), price: [2]int{1, 2}, uses: ws("to make lemonade|for lemonade"), biz: ws("lemonade stand|market stall"), most: 60},
	{noun: n("strawberry", "strawberries"), topic: "farm", kinds: ws("big|small"), get: ws("pick|buy|gather|grow"), lose: ws("eat|use|sell|give away|share"), spoil: ws("go bad|get squashed"), packs: ws("basket|bowl|box|bucket"), uses: ws("for a cake|for jam|for smoothies"), biz: ws("farm|fruit stand")},
	{noun: n("egg"), topic: "farm", kinds: ws("brown|white|speckled"), get: ws("collect|buy|gather|get"), lose: ws("use|sell|give away|crack|cook"), spoil: ws("crack|break|be out of date"), packs: ws("carton|basket|tray|box"), uses: ws("for a cake|to bake bread|for breakfast"), biz: ws("farm")},
	{noun: n("potato", "potatoes"), topic: "farm", kinds: ws("red|white|sweet"), get: ws("dig up|buy|harvest|grow"), lose: ws("peel|cook|use|sell|give away"), spoil: ws("rot|go bad"), packs: ws("sack|bag|crate|bin|basket"), price: [2]int{1, 2}, uses: ws("for a stew|for potato salad"), biz: ws("farm|market stall"), most: 60},
	{noun: n("pumpkin"), topic: "farm", kinds: ws("white|orange"), get: ws("pick|grow|buy|harvest"), lose: ws("sell|carve|give away|use"), spoil: ws("rot"), packs: ws("cart|wagon|crate"), price: [2]int{3, 15}, uses: ws("for pies|for the festival"), biz: ws("farm|pumpkin patch"), group: true, most: 12},
	{noun: n("tomato", "tomatoes"), topic: "garden", kinds: ws("red|green|yellow"), get: ws("pick|grow|buy|harvest"), lose: ws("use|eat|sell|give away|give"), spoil: ws("rot|go bad|get squashed"), packs: ws("basket|box|bucket|bowl"), price: [2]int{1, 2}, uses: ws("for a salad|to make sauce|for salsa"), biz: ws("farm|market stall"), group: true},
	{noun: n("carrot"), topic: "farm", kinds: ws("orange|purple"), get: ws("pick|pull|grow|harvest|buy"), lose: ws("eat|cook|feed|sell|give away"), spoil: ws("go bad"), packs: ws("bunch|bag|basket"), uses: ws("for soup|for a carrot cake"), biz: ws("farm")},
	{noun: n("ear of corn", "ears of corn"), topic: "farm", get: ws("pick|harvest|grow|buy"), lose: ws("cook|eat|sell|feed|give away"), spoil: ws("go bad"), packs: ws("bag|basket|crate|cart"), price: [2]int{1, 2}, uses: ws("for the cookout"), biz: ws("farm|market stall"), most: 60},

	// garden and flowers
	{noun: n("tulip"), topic: "garden", kinds: ws("red|yellow|purple|pink"), get: ws("pick|buy|grow|cut"), lose: ws("sell|give away|give"), spoil: ws("wilt|die"), packs: ws("vase|bouquet|bunch|pot"), price: [2]int{1, 4}, uses: ws("for a bouquet"), biz: ws("flower shop|garden center"), most: 36},
	{noun: n("rose"), topic: "garden", kinds: ws("red|white|pink|yellow"), get: ws("pick|cut|buy|grow"), lose: ws("sell|give away|give"), spoil: ws("wilt"), packs: ws("vase|bouquet|bunch"), price: [2]int{2, 6}, uses: ws("for a bouquet|for the wedding"), biz: ws("flower shop"), most: 36},
	{noun: n("sunflower"), topic: "garden", kinds: ws("tall|short"), get: ws("grow|pick|cut"), lose: ws("sell|give away|give"), spoil: ws("wilt|die"), packs: ws("vase|bunch|bucket|row"), price: [2]int{2, 5}, biz: ws("flower shop|farm"), most: 20},
	{noun: n("seedling"), topic: "garden", kinds: ws("tomato|pepper|bean|squash"), get: ws("grow|buy|get"), lose: ws("plant|give away|sell"), spoil: ws("die|wilt"), packs: ws("tray|pot|row|flat"), price: [2]int{1, 4}, biz: ws("garden center"), group: true, most: 72},
	{noun: n("seed packet"), topic: "garden", kinds: ws("flower|bean|carrot|herb"), get: ws("buy|get|be given"), lose: ws("plant|use|give away|share"), packs: ws("box|drawer|basket"), price: [2]int{1, 3}, biz: ws("garden center"), most: 50},

	// school and office
	{noun: n("pencil"), topic: "school", kinds: ws("colored|mechanical"), get: ws("buy|get|find|be given"), lose: ws("lose|give away|give|lend|break|use up"), spoil: ws("break|get lost"), packs: ws("box|pack|case|cup"), price: [2]int{1, 3}, biz: ws("school store|stationery shop"), group: true},
	{noun: n("marker"), topic: "school", kinds: ws("red|blue|green|black"), get: ws("buy|get|be given"), lose: ws("lose|lend|give away|use up|give"), spoil: ws("dry out|go missing"), packs: ws("pack|box|case|cup"), price: [2]int{1, 4}, biz: ws("school store|art store"), group: true},
	{noun: n("crayon"), topic: "school", kinds: ws("blue|orange|purple|green"), get: ws("buy|get|find"), lose: ws("break|lose|give away|use up"), spoil: ws("break|melt"), packs: ws("box|bin|cup|pack")},
	{noun: n("notebook"), topic: "school", kinds: ws("red|blue|green"), get: ws("buy|get|be given"), lose: ws("use|give away|give|lend"), spoil: ws("get ruined|tear"), packs: ws("pack|box|stack"), price: [2]int{2, 8}, biz: ws("school store|stationery shop"), group: true, most: 30},
	{noun: n("eraser"), topic: "school", kinds: ws("pink|white"), get: ws("buy|get|win"), lose: ws("lose|give away|lend|use up"), spoil: ws("go missing"), packs: ws("box|bag|pack"), price: [2]int{1, 3}, biz: ws("school store")},
	{noun: n("sticker"), topic: "school", kinds: ws("star|animal|heart"), get: ws("buy|get|win|earn|receive|be given"), lose: ws("use|give away|give|lose|trade away|set aside"), spoil: ws("tear"), packs: ws("sheet|page|pack|album"), group: true},
	{noun: n("folder"), topic: "school", kinds: ws("red|blue|green"), get: ws("buy|get|be given"), lose: ws("use|give away|lend|lose"), spoil: ws("tear"), packs: ws("box|stack|pack"), price: [2]int{1, 4}, biz: ws("school store|office supply store"), most: 40},
	{noun: n("envelope"), topic: "office", kinds: ws("white|brown"), get: ws("buy|get|order"), lose: ws("use|mail|use up"), spoil: ws("tear|get ruined"), packs: ws("box|pack|stack|drawer"), biz: ws("office|post office")},
	{noun: n("flyer"), topic: "office", kinds: ws("yellow|pink|blue"), get: ws("print|make"), lose: ws("hand out|put up|give away|post"), spoil: ws("blow away|get ruined"), packs: ws("stack|pile|box|folder"), biz: ws("print shop"), group: true},
	{noun: n("letter"), topic: "office", get: ws("write|receive|get"), lose: ws("mail|send|send out"), spoil: ws("get lost"), packs: ws("stack|pile|bag|box"), biz: ws("post office|office")},
	{noun: n("invitation"), topic: "party", get: ws("make|print|write"), lose: ws("send|mail|hand out|send out"), spoil: ws("get lost|tear"), packs: ws("stack|pile|box|envelope"), group: true},

	// toys, games and collections
	{noun: n("marble"), topic: "toys", kinds: ws("blue|green|red"), get: ws("win|find|buy|get"), lose: ws("lose|give away|trade away|give|set aside"), spoil: ws("roll away|go missing"), packs: ws("bag|jar|pouch|box"), price: [2]int{1, 2}, biz: ws("toy store")},
	{noun: n("toy car"), topic: "toys", kinds: ws("red|blue"), get: ws("buy|get|win|receive"), lose: ws("lose|give away|sell|trade away|give|send back"), spoil: ws("break|go missing"), packs: ws("box|case|bin|shelf"), price: [2]int{2, 12}, biz: ws("toy store"), most: 30},
	{noun: n("trading card"), topic: "toys", kinds: ws("rare|common"), get: ws("buy|get|trade for|win"), lose: ws("trade away|sell|give away|lose|give"), spoil: ws("tear|get ruined"), packs: ws("pack|box|page|binder|album"), price: [2]int{1, 5}, biz: ws("card shop|toy store")},
	{noun: n("kite"), topic: "toys", kinds: ws("red|green"), get: ws("buy|make|build|win"), lose: ws("sell|give away|give|lose|send back"), spoil: ws("tear|blow away"), packs: ws("box|bag"), price: [2]int{3, 15}, biz: ws("toy store"), most: 10},
	{noun: n("puzzle"), topic: "toys", kinds: ws("animal|map"), get: ws("buy|get|be given"), lose: ws("give away|donate|sell|lend|send back"), packs: ws("box|shelf|bin|stack"), price: [2]int{4, 20}, biz: ws("toy store|thrift shop"), most: 12},
	{noun: n("stamp"), topic: "collecting", kinds: ws("old|new"), get: ws("collect|buy|get|receive"), lose: ws("trade away|sell|give away|lose|give"), spoil: ws("tear"), packs: ws("album|page|envelope|book"), price: [2]int{1, 5}, biz: ws("post office|stamp shop")},
	{noun: n("coin"), topic: "collecting", kinds: ws("silver|gold|copper"), get: ws("collect|find|get|trade for"), lose: ws("trade away|give away|lose|give"), spoil: ws("roll away|go missing"), packs: ws("jar|album|box|pouch")},
	{noun: n("seashell"), topic: "collecting", kinds: ws("pink|white"), get: ws("find|collect|gather|pick up"), lose: ws("give away|lose|break|drop|give"), spoil: ws("break|crack"), packs: ws("bucket|jar|bag|box|pail")},
	{noun: n("rock"), topic: "collecting", kinds: ws("smooth|rough"), get: ws("find|collect|gather|pick up"), lose: ws("give away|lose|give"), spoil: ws("go missing"), packs: ws("bucket|jar|bag|box")},
	{noun: n("keychain"), topic: "collecting", kinds: ws("metal|plastic"), get: ws("buy|collect|get|win"), lose: ws("give away|trade away|lose|give"), spoil: ws("break|go missing"), packs: ws("box|bag|drawer"), price: [2]int{1, 5}, biz: ws("gift shop")},
	{noun: n("postcard"), topic: "travel", kinds: ws("beach|city"), get: ws("buy|get|receive"), lose: ws("send|mail|give away"), spoil: ws("get lost|tear"), packs: ws("album|box|stack"), price: [2]int{1, 3}, biz: ws("gift shop")},
	{noun: n("souvenir"), topic: "travel", get: ws("buy|get|bring"), lose: ws("give away|give|sell|lose"), spoil: ws("break"), packs: ws("bag|box|shelf"), price: [2]int{2, 15}, biz: ws("gift shop"), most: 20},
	{noun: n("photo"), topic: "photos", kinds: ws("color|black-and-white"), get: ws("take|print"), lose: ws("delete|give away|send|post"), spoil: ws("get ruined"), packs: ws("album|page|folder|box")},

	// party
	{noun: n("balloon"), topic: "party", kinds: ws("red|silver|gold|blue"), get: ws("blow up|buy|get"), lose: ws("give away|hand out|pop"), spoil: ws("pop|float away"), packs: ws("bunch|bag|pack"), price: [2]int{1, 3}, uses: ws("for the party"), biz: ws("party store"), group: true},
	{noun: n("party hat"), topic: "party", kinds: ws("gold|silver"), get: ws("buy|make"), lose: ws("hand out|give away"), spoil: ws("tear|get squashed"), packs: ws("pack|box|bag|stack"), price: [2]int{1, 3}, uses: ws("for the party"), biz: ws("party store"), group: true},
	{noun: n("candle"), topic: "party", kinds: ws("tall|short"), get: ws("buy|make"), lose: ws("use|give away|sell|burn"), spoil: ws("break|melt"), packs: ws("box|pack|jar"), price: [2]int{2, 8}, biz: ws("gift shop|candle shop"), group: true, most: 24},
	{noun: n("gift bag"), topic: "party", get: ws("make|fill|buy"), lose: ws("hand out|give away"), spoil: ws("tear"), packs: ws("box|basket"), uses: ws("for the guests"), group: true},

	// library and books
	{noun: n("book"), topic: "library", kinds: ws("mystery|picture|comic|history"), get: ws("buy|borrow|get|receive|find|check out"), lose: ws("return|donate|sell|give away|lend|send back"), spoil: ws("get ruined|tear"), packs: ws("shelf|box|stack|bag|cart"), price: [2]int{3, 25}, biz: ws("library|bookstore"), group: true, most: 40},
	{noun: n("magazine"), topic: "library", kinds: ws("sports|science|fashion"), get: ws("buy|get|receive|collect"), lose: ws("recycle|throw out|give away|sell"), spoil: ws("get ruined|tear"), packs: ws("stack|box|rack|bundle"), price: [2]int{2, 8}, biz: ws("newsstand|library"), most: 40},
	{noun: n("comic book"), topic: "library", kinds: ws("superhero|funny"), get: ws("buy|collect|trade for|get"), lose: ws("sell|trade away|give away|lend"), spoil: ws("tear|get ruined"), packs: ws("box|stack|bin|shelf"), price: [2]int{2, 6}, biz: ws("comic shop"), most: 40},

	// sport
	{noun: n("tennis ball"), topic: "sport", kinds: ws("new|used"), get: ws("buy|find|get"), lose: ws("lose|give away|use"), spoil: ws("roll away|go missing"), packs: ws("can|bag|bucket|box"), price: [2]int{1, 4}, biz: ws("sports shop|tennis club"), most: 40},
	{noun: n("soccer ball"), topic: "sport", kinds: ws("new|old"), get: ws("buy|get|be given|win"), lose: ws("lose|give away|donate|lend"), spoil: ws("go missing|leak"), packs: ws("bag|bin|net"), price: [2]int{8, 30}, biz: ws("sports shop"), group: true, most: 12},
	{noun: n("baseball"), topic: "sport", kinds: ws("new|old"), get: ws("buy|find|catch|get"), lose: ws("lose|give away|sell"), spoil: ws("go missing"), packs: ws("bucket|bag|box"), price: [2]int{3, 12}, biz: ws("sports shop"), most: 30},
	{noun: n("jersey"), topic: "sport", kinds: ws("home|away"), get: ws("buy|order|get"), lose: ws("hand out|give away|sell|donate|send back"), spoil: ws("tear"), packs: ws("box|stack|bag"), price: [2]int{10, 40}, biz: ws("sports shop"), group: true, most: 24},
	{noun: n("medal"), topic: "sport", kinds: ws("gold|silver|bronze"), get: ws("win|earn|receive"), lose: ws("give away|lose|give"), spoil: ws("go missing"), packs: ws("box|case|shelf"), group: true},
	{noun: n("water bottle"), topic: "sport", kinds: ws("small|large"), get: ws("buy|fill|bring"), lose: ws("hand out|drink|give away|share"), spoil: ws("leak"), packs: ws("cooler|case|pack|crate"), price: [2]int{1, 3}, uses: ws("for the game|for the hike"), biz: ws("snack bar"), group: true, most: 48},

	// pets and animals
	{noun: n("dog treat"), topic: "pets", kinds: ws("chicken|peanut butter|bacon"), get: ws("buy|make|bake"), lose: ws("use|give away|give|share"), spoil: ws("go bad|get crushed"), packs: ws("bag|jar|box|tin"), biz: ws("pet shop")},
	{noun: n("goldfish", "goldfish"), topic: "pets", kinds: ws("orange|white|spotted"), get: ws("buy|win|get"), lose: ws("give away|sell|give"), packs: ws("tank|bowl|bag"), price: [2]int{1, 5}, biz: ws("pet shop"), most: 12},
	{noun: n("bird feeder"), topic: "pets", kinds: ws("wooden|plastic"), get: ws("build|make|buy"), lose: ws("sell|give away|hang up"), spoil: ws("break|fall"), packs: ws("box|shelf"), price: [2]int{5, 20}, group: true, most: 10},

	// crafts and music
	{noun: n("bead"), topic: "crafts", kinds: ws("glass|wooden|plastic"), get: ws("buy|get|find"), lose: ws("use|lose|drop|give away"), spoil: ws("roll away|go missing"), packs: ws("bag|jar|box|tin|pouch"), uses: ws("for a necklace|to make bracelets"), biz: ws("craft store")},
	{noun: n("button"), topic: "crafts", kinds: ws("round|square"), get: ws("find|buy|collect"), lose: ws("use|lose|give away"), spoil: ws("roll away|go missing"), packs: ws("jar|box|tin|card"), uses: ws("for a coat|for a doll"), biz: ws("craft store")},
	{noun: n("bracelet"), topic: "crafts", kinds: ws("beaded|braided"), get: ws("make|buy"), lose: ws("give away|sell|give|hand out|trade away"), spoil: ws("break"), packs: ws("box|bag|card"), price: [2]int{2, 8}, biz: ws("craft store|market stall"), group: true, most: 30},
	{noun: n("paper crane"), topic: "crafts", kinds: ws("red|white|golden"), get: ws("fold|make"), lose: ws("give away|hang up|give"), spoil: ws("get crushed|blow away"), packs: ws("box|string|bag"), group: true},
	{noun: n("scarf", "scarves"), topic: "crafts", kinds: ws("red|blue|green"), get: ws("knit|make|buy"), lose: ws("give away|donate|sell|give"), spoil: ws("tear|go missing"), packs: ws("box|bag|basket"), price: [2]int{8, 25}, biz: ws("craft store|market stall"), group: true, most: 12},
	{noun: n("clay pot"), topic: "crafts", kinds: ws("small|large"), get: ws("make|buy|paint"), lose: ws("sell|give away|give"), spoil: ws("break|crack"), packs: ws("shelf|box|tray"), price: [2]int{3, 15}, biz: ws("pottery studio"), group: true, most: 12},
	{noun: n("painting"), topic: "crafts", kinds: ws("small|large"), get: ws("paint|make|buy"), lose: ws("sell|give away|hang up|give"), spoil: ws("get ruined|tear"), packs: ws("stack|box|wall"), price: [2]int{5, 40}, biz: ws("art gallery"), group: true, most: 10},
	{noun: n("guitar pick"), topic: "music", kinds: ws("red|blue"), get: ws("buy|find|get"), lose: ws("lose|give away|drop"), spoil: ws("go missing|break"), packs: ws("pack|tin|jar|box"), price: [2]int{1, 2}, biz: ws("music store")},
	{noun: n("record"), topic: "music", kinds: ws("jazz|rock|classical"), get: ws("buy|find|get"), lose: ws("sell|give away|trade away"), spoil: ws("crack|break"), packs: ws("crate|box|shelf"), price: [2]int{5, 30}, biz: ws("music store|record shop"), most: 40},
	{noun: n("concert ticket"), topic: "music", get: ws("buy|win|get"), lose: ws("sell|give away|give"), spoil: ws("get lost"), price: [2]int{10, 60}, biz: ws("music store")},

	// charity, camping, fishing, recycling, building, hospital, warehouse
	{noun: n("can of food", "cans of food"), topic: "charity", get: ws("collect|gather|bring|buy"), lose: ws("donate|give|deliver|hand out"), spoil: ws("get damaged"), packs: ws("box|bag|crate|bin"), biz: ws("food bank"), group: true, most: 48},
	{noun: n("coat"), topic: "charity", kinds: ws("winter|rain"), get: ws("collect|buy|get"), lose: ws("donate|hand out|give away"), spoil: ws("tear"), packs: ws("box|bag|rack"), price: [2]int{10, 50}, biz: ws("shelter|thrift shop"), group: true, most: 20},
	{noun: n("blanket"), topic: "charity", kinds: ws("fleece|wool"), get: ws("collect|buy|make|knit"), lose: ws("donate|hand out|give away"), spoil: ws("tear|get ruined"), packs: ws("box|bag|stack|pile"), price: [2]int{8, 30}, biz: ws("shelter"), group: true, most: 12},
	{noun: n("toy"), topic: "charity", kinds: ws("wooden|plastic"), get: ws("collect|buy|get"), lose: ws("donate|hand out|give away"), spoil: ws("break"), packs: ws("box|bag|bin|sack"), price: [2]int{2, 20}, biz: ws("toy store|shelter"), group: true, most: 30},
	{noun: n("marshmallow"), topic: "camping", kinds: ws("big|small"), get: ws("buy|bring"), lose: ws("eat|roast|share|drop"), spoil: ws("burn|melt"), packs: ws("bag|pack|box"), uses: ws("for s'mores"), group: true},
	{noun: n("log"), topic: "camping", kinds: ws("big|small"), get: ws("gather|collect|chop|cut|bring"), lose: ws("burn|use"), spoil: ws("get ruined"), packs: ws("pile|stack|bundle|cart"), uses: ws("for the campfire"), group: true, most: 40},
	{noun: n("flashlight"), topic: "camping", kinds: ws("small|large"), get: ws("buy|bring|get"), lose: ws("lose|lend|give"), spoil: ws("break|go missing"), packs: ws("box|bag"), price: [2]int{3, 15}, biz: ws("camping store"), most: 20},
	{noun: n("fish", "fish"), topic: "fishing", kinds: ws("small|big"), get: ws("catch"), lose: ws("release|throw back|sell|give away|cook"), spoil: ws("get away"), packs: ws("bucket|cooler|net|basket"), price: [2]int{2, 10}, biz: ws("fish market")},
	{noun: n("worm"), topic: "fishing", kinds: ws("long|short"), get: ws("dig up|find|buy|collect"), lose: ws("use|lose|drop"), spoil: ws("get away"), packs: ws("cup|can|jar|bucket"), uses: ws("as bait|for fishing"), biz: ws("bait shop")},
	{noun: n("bottle"), topic: "recycling", kinds: ws("plastic|glass"), get: ws("collect|pick up|find|gather"), lose: ws("recycle|return|throw out"), spoil: ws("break|crack"), packs: ws("bag|bin|crate|box"), biz: ws("recycling center"), group: true},
	{noun: n("can"), topic: "recycling", kinds: ws("soda|juice"), get: ws("collect|pick up|find|gather"), lose: ws("recycle|return|throw out"), spoil: ws("get crushed"), packs: ws("bag|bin|box"), biz: ws("recycling center"), group: true},
	{noun: n("towel"), topic: "cleaning", kinds: ws("beach|bath"), get: ws("wash|buy|fold"), lose: ws("use|give away|throw out"), spoil: ws("get ruined"), packs: ws("stack|basket|shelf|pile"), price: [2]int{3, 12}, biz: ws("hotel|laundromat"), most: 30},
	{noun: n("plate"), topic: "cleaning", kinds: ws("paper|china"), get: ws("wash|buy|get"), lose: ws("use|break|throw out"), spoil: ws("break|crack"), packs: ws("stack|box|shelf|rack"), price: [2]int{2, 10}, biz: ws("restaurant|diner"), most: 40},
	{noun: n("brick"), topic: "construction", kinds: ws("red|gray"), get: ws("buy|order|get|load"), lose: ws("use|lay|sell"), spoil: ws("break|crack|fail inspection"), packs: ws("pile|stack|pallet|wheelbarrow"), price: [2]int{1, 3}, biz: ws("building site|hardware store"), most: 120},
	{noun: n("board"), topic: "construction", kinds: ws("long|short"), get: ws("buy|cut|order|get"), lose: ws("use|sell|give away"), spoil: ws("crack|get ruined|be too damaged to use"), packs: ws("stack|pile|truck|cart"), price: [2]int{3, 20}, biz: ws("hardware store|lumber yard"), most: 40},
	{noun: n("tile"), topic: "construction", kinds: ws("blue|white"), get: ws("buy|order|get"), lose: ws("use|lay|break"), spoil: ws("break|crack|be rejected"), packs: ws("box|stack|pallet"), price: [2]int{1, 6}, biz: ws("hardware store"), most: 60},
	{noun: n("nail"), topic: "construction", kinds: ws("long|short"), get: ws("buy|get|find"), lose: ws("use|lose|drop"), spoil: ws("bend|roll away"), packs: ws("box|bag|jar|bucket"), biz: ws("hardware store")},
	{noun: n("bandage"), topic: "hospital", kinds: ws("small|large"), get: ws("buy|order|get|receive"), lose: ws("use|hand out|use up"), spoil: ws("get ruined|be expired"), packs: ws("box|pack|drawer|cart"), biz: ws("hospital|clinic|pharmacy")},
	{noun: n("face mask"), topic: "hospital", kinds: ws("paper|cloth"), get: ws("order|receive|get|buy"), lose: ws("hand out|use|use up"), spoil: ws("tear|be rejected"), packs: ws("box|pack|bag"), price: [2]int{1, 3}, biz: ws("hospital|clinic|pharmacy"), group: true},
	{noun: n("pillow"), topic: "hospital", kinds: ws("large|small"), get: ws("buy|get|order|wash"), lose: ws("use|hand out|give away"), spoil: ws("tear"), packs: ws("stack|cart|pile"), price: [2]int{5, 20}, biz: ws("hospital|hotel"), most: 12},
	{noun: n("package"), topic: "warehouse", kinds: ws("small|large"), get: ws("receive|get|load"), lose: ws("ship|deliver|send out|unload"), spoil: ws("get lost|get damaged|be too damaged to use"), packs: ws("truck|cart|pallet|van|shelf"), biz: ws("warehouse|post office|delivery company"), most: 40},
	{noun: n("chair"), topic: "warehouse", kinds: ws("wooden|plastic"), get: ws("buy|set up|carry in|get"), lose: ws("sell|give away|donate|unload"), spoil: ws("break|fail inspection|be rejected"), packs: ws("row|stack|truck"), price: [2]int{5, 40}, biz: ws("furniture store|warehouse"), group: true, most: 20},
	{noun: n("lamp"), topic: "warehouse", kinds: ws("desk|floor"), get: ws("buy|order|get"), lose: ws("sell|give away|ship|send back"), spoil: ws("break|fail inspection"), packs: ws("box|shelf|truck"), price: [2]int{8, 40}, biz: ws("furniture store|warehouse"), most: 6},
}

// container is something things are packed in (or on): a box, a shelf.
type container struct {
	noun
	prep  string // "in" or "on": "12 eggs in each carton", "8 books on each shelf"
	cap   [2]int // how many things it plausibly holds
	fixed bool   // it stays where it is: a shelf, a row, a page (it is filled, not carried or sold)
}

var containers = map[string]container{
	"box":         {n("box", "boxes"), "in", [2]int{2, 100}, false},
	"bag":         {n("bag"), "in", [2]int{2, 100}, false},
	"jar":         {n("jar"), "in", [2]int{4, 120}, false},
	"tin":         {n("tin"), "in", [2]int{4, 60}, false},
	"tray":        {n("tray"), "on", [2]int{4, 48}, false},
	"plate":       {n("plate"), "on", [2]int{2, 24}, false},
	"basket":      {n("basket"), "in", [2]int{3, 80}, false},
	"crate":       {n("crate"), "in", [2]int{6, 120}, false},
	"bucket":      {n("bucket"), "in", [2]int{4, 120}, false},
	"pail":        {n("pail"), "in", [2]int{4, 80}, false},
	"bowl":        {n("bowl"), "in", [2]int{2, 30}, false},
	"carton":      {n("carton"), "in", [2]int{4, 36}, false},
	"pack":        {n("pack"), "in", [2]int{2, 60}, false},
	"case":        {n("case"), "in", [2]int{2, 48}, false},
	"cup":         {n("cup"), "in", [2]int{2, 30}, false},
	"bin":         {n("bin"), "in", [2]int{5, 120}, false},
	"shelf":       {n("shelf", "shelves"), "on", [2]int{3, 60}, true},
	"stack":       {n("stack"), "in", [2]int{3, 60}, true},
	"pile":        {n("pile"), "in", [2]int{3, 80}, true},
	"bundle":      {n("bundle"), "in", [2]int{2, 40}, false},
	"bunch":       {n("bunch", "bunches"), "in", [2]int{2, 30}, false},
	"bouquet":     {n("bouquet"), "in", [2]int{3, 36}, false},
	"vase":        {n("vase"), "in", [2]int{2, 24}, false},
	"album":       {n("album"), "in", [2]int{10, 120}, true},
	"book":        {n("book"), "in", [2]int{10, 120}, true},
	"page":        {n("page"), "on", [2]int{2, 24}, true},
	"sheet":       {n("sheet"), "on", [2]int{2, 40}, true},
	"pouch":       {n("pouch", "pouches"), "in", [2]int{2, 60}, false},
	"envelope":    {n("envelope"), "in", [2]int{2, 30}, false},
	"sack":        {n("sack"), "in", [2]int{5, 100}, false},
	"cooler":      {n("cooler"), "in", [2]int{4, 48}, false},
	"pallet":      {n("pallet"), "on", [2]int{10, 120}, true},
	"cart":        {n("cart"), "in", [2]int{5, 100}, true},
	"wagon":       {n("wagon"), "in", [2]int{3, 40}, true},
	"truck":       {n("truck"), "in", [2]int{10, 120}, true},
	"van":         {n("van"), "in", [2]int{5, 80}, true},
	"rack":        {n("rack"), "on", [2]int{3, 40}, true},
	"drawer":      {n("drawer"), "in", [2]int{3, 60}, true},
	"folder":      {n("folder"), "in", [2]int{2, 50}, false},
	"binder":      {n("binder"), "in", [2]int{10, 120}, true},
	"row":         {n("row"), "in", [2]int{2, 40}, true},
	"pot":         {n("pot"), "in", [2]int{2, 8}, false},
	"flat":        {n("flat"), "in", [2]int{6, 72}, false},
	"can":         {n("can"), "in", [2]int{2, 4}, false},
	"net":         {n("net"), "in", [2]int{3, 30}, false},
	"card":        {n("card"), "on", [2]int{2, 24}, true},
	"wheelbarrow": {n("wheelbarrow"), "in", [2]int{5, 60}, true},
	"string":      {n("string"), "on", [2]int{5, 50}, true},
	"tank":        {n("tank"), "in", [2]int{2, 30}, true},
	"table":       {n("table"), "on", [2]int{3, 30}, true},
	"wall":        {n("wall"), "on", [2]int{2, 20}, true},
}
