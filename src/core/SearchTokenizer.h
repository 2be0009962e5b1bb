#pragma once

#include <QString>
#include <QStringList>

namespace engram {

// Turns text into search tokens before it reaches SQLite FTS5, so that Chinese and English are
// both searchable: Latin letters and digits become lower-cased words with light English
// stemming; CJK runs become single characters and overlapping bigrams (the scheme of Lucene's
// CJK analyser); full-width forms are folded to their ASCII equivalents and traditional Han
// characters to simplified ones. Queries use the same function, so "限流" finds "接口限流改成",
// "deploy" finds "deploying" and "資料庫" finds "资料库".
class SearchTokenizer final
{
public:
    // Every token of the text, in order, duplicates kept (BM25 counts term frequency).
    static QStringList tokenize(const QString& text);

    // The tokens joined by spaces: the text stored in an FTS5 column.
    static QString indexText(const QString& text);

    // An FTS5 MATCH expression that matches any token of the query (OR), each quoted.
    // Empty when the query has no searchable token.
    static QString matchExpression(const QString& query);
    static QString matchExpression(const QStringList& tokens);

    // Light English stemming of one lower-case word: the inflectional steps of Porter2 (plurals,
    // -ed, -ing, a final e), so "deploying", "deployed", "deploys" → "deploy", "making" → "make",
    // "stories" → "story". Words with digits or non-ASCII letters are returned unchanged.
    static QString stem(const QString& word);

    // The simplified form of a traditional Han character (ICU's Traditional-Simplified mapping,
    // one character to one: "臺" → "台", "記" → "记"); any other code point unchanged.
    static char32_t simplified(char32_t codePoint);

    // Han ideographs, kana and Hangul: the scripts written without spaces between words.
    static bool isCjk(char32_t codePoint);
};

} // namespace engram
