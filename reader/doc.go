// Package reader turns the text of a word algebra problem into what ∂4's
// heap holds: its quantities (ParseQuestion: prose's tokens, with
// github.com/jdkato/prose/v2, and the numbers among them), its token ids
// (Vocab.Encode, through a tokenizer.json that Hugging Face's libraries
// read as well), and, by a bidirectional LSTM over the ids, the context
// vectors of the numbers and of the two ends of the story that are placed
// on the heap.
//
// # From text to ids
//
// The ids are defined by the tokenizer.json that Vocab.Save writes (with
// tokenizer_config.json beside it): a standard Hugging Face tokenizer that
// Hugging Face's tokenizers (Rust and Python), transformers.js and, here,
// github.com/sugarme/tokenizer run alike:
//
//   - the normalizer, a Sequence of Replace steps and Lowercase, rewrites
//     the text into prose's tokens separated by spaces, each quantity
//     replaced by NumberToken: curly quotes become straight ones, format
//     characters (right-to-left marks, zero-width spaces, U+FEFF) are
//     dropped and white space becomes a space; a dollar sign, an opening
//     bracket or quote is split off the start of a word, a clitic ('s,
//     'll, 're, 'm, n't) off the word it ends, closing punctuation off the
//     end of a word (but the full stop of "Mr.", "Ana." or "U.S.", which
//     prose keeps); then each quantity in digits (42, 1,000, 2.5, .5, -3,
//     1/2, the mixed number 3 1/2, 2 and a half, with its scale words: 3
//     thousand, 1.5 million; 5k, 2.5M; the number of 2.5km, 8-inch or
//     2.50/km, but not 3rd or 10am) becomes one NumberToken, a currency
//     sign glued to it (€12, 12€, US$5) a word of its own, and the text
//     is lower-cased;
//   - the pre-tokenizer (WhitespaceSplit) splits it at the spaces;
//   - the WordPiece model (Vocab) turns each word into pieces and ids.
//
// ParseQuestion reads the quantities from prose's tokens; Encode checks
// that the tokenizer gives as many NumberToken ids as there are
// quantities, so the k-th NumberToken is the k-th quantity.
//
// On the problems of CC, of the generator and of the hand-written
// benchmark, these are the ids of prose's tokens that the models were
// trained on (tasks/wap's TestTokenizerGivesProseIDs checks every one).
// Elsewhere the tokenizer can differ from prose where prose's rules are
// not worth regular expressions: emoticons are split (":-)" is ":" "-"
// ")"); of a run of more than three opening marks only three are split
// off ("(((($5" keeps "($5" whole, so that Encode finds no number where
// ParseQuestion reads 5, and fails); a word with two clitics is split at
// both ("don't's": do n't 's; prose: don't 's); the text of a special
// token is read as that token alone, "<pad>" as the padding (as Hugging
// Face's tokenizers, which take it for an added token, read it) and any
// other ("<num>", "<PAD>") as UnkToken ("x<num>y" is x <unk> y; prose's
// one token x<num>y was UnkToken); and İ and Σ lower to i with a dot
// above and σ.
//
// # Number words
//
// ParseQuestion reads numbers written in digits only: the reading of the
// paper's three-number problems, whose stories (CC's) have "two" and
// "half" that the formula does not use (it reads the digits with their
// scale words, "3 thousand", and "2 and a half"). ParseQuestionWords
// reads numbers in words too ("three", "twenty-five", "two hundred
// fifty", "a hundred and five", "twenty five thousand", "two and a half",
// "a dozen", "half", "twice"), from one table (NumberWord), and names
// "one" alone, scale words alone and the ordinals in NumberList without
// reading them; a number that goes on after its scale word in digits or
// half in words ("3 thousand five hundred", "2 million 500 thousand") is
// an error, in both readings. A quantity in words keeps its own
// token ids (Quantity.Word): Encode places it at its word's first piece,
// where a number in digits is NumberToken. Question.InDigits writes the
// quantities in words in digits ("three" → "3", "two hundred fifty" →
// "250", "twice" → "2 times"), as
// training data write numbers: the question then has the ids of the same
// question written in digits.
//
// # Word classes
//
// A BiLSTM made with classes (NewBiLSTM's classes > 0) adds to each
// token's embedding the vectors of its word's classes, which package
// lexicon gives from WordNet (Story.Classes, at most MaxClasses a token):
// a word never seen in training, or dropped by word dropout, is still
// known as a verb of giving or of losing.
//
// # The question
//
// QuestionStart finds a story's question from its tokens, and
// NumberFeatures says of each number whether its unit (the noun prose's
// tagger finds after it) stands in the question; QAttention, a custom
// Gorgonia Op with its backward, makes each picked vector attend over the
// question's token states and adds what it reads with those features
// (see question.go and qattn.go).
package reader
