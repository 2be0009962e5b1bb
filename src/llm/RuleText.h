#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>

// Text handling shared by the rule extractor's matchers: cleaning a message, cutting it into
// sentences and clauses, the guards that make it skip what is not a plain statement, and the
// trimming that keeps objects short. Internal to src/llm; not an API for other subsystems.
namespace engram::rules {

// A Unicode-aware pattern, case-insensitive unless told otherwise. Asserts that it is valid.
QRegularExpression pattern(const QString& text, bool caseInsensitive = true);

// Width-folded (NFKC) text without code blocks and inline code, with quoted speech removed:
// a quotation that contains a first-person word is someone's words, not the user's statement;
// any other quotation is unwrapped ("我的项目叫“星火”" keeps 星火).
QString cleanMessage(const QString& message);

// Sentences in order, each with its terminator kept, so a trailing '?' is still visible.
QStringList sentences(const QString& text);

// The message as a whole is play or a test (角色扮演, 测试一下, "just testing", "let's pretend").
bool isPlayOrTest(const QString& message);
// A joke or sarcasm marker (哈哈, 开玩笑, lol, jk, 😂, …).
bool hasJokeMarker(const QString& sentence);
// A question, in either language.
bool isQuestion(const QString& sentence);
// Not a statement of the present: hypothetical, uncertain, wished for, past (如果, 吧, maybe, 以前, …).
bool isNotCurrentFact(const QString& sentence);

// A sentence cut into clauses at commas, colons and clause conjunctions (但是, because, "and I"),
// each without leading fillers (嗯, 其实, well, btw). A clause that starts with a verb borrows the
// subject of the first-person clause before it: "我是一名Java后端开发，用Spring Boot 3" gives
// "我是一名Java后端开发" and "我用Spring Boot 3".
QStringList clauses(const QString& sentence);

// The sentence without its terminator and without leading fillers (嗯, 其实, well, btw).
QString sentenceBody(const QString& sentence);

// The start of a statement's object: cut at punctuation and clause conjunctions, leading
// articles and trailing particles removed. Empty when nothing usable is left.
QString trimObject(const QString& text);

// The object refers to the conversation or a person rather than a thing (你, 这个, it, that, …).
bool startsWithPronoun(const QString& object);

// The object points at something in the chat itself (第二个方案, 上面的写法, the second option):
// liking an answer is feedback, not a preference worth remembering. "简洁的回答" is a preference.
bool isAboutTheConversation(const QString& object);

// Objects longer than this are not short statements and are skipped.
bool isShortEnough(const QString& object);

bool containsHan(const QString& text);
bool containsLatin(const QString& text);

} // namespace engram::rules
