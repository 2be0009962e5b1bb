#pragma once

#include "storage/TextIndex.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace engram {

// One search term of an analysed query, as SearchTokenizer writes it into the index.
struct QueryTerm
{
    enum class Kind
    {
        Word,       // a Latin word or number, stemmed
        CjkUnigram, // one CJK character
        CjkBigram,  // two neighbouring CJK characters
    };

    QString text;
    Kind kind{Kind::Word};
    double weight{1.0}; // 1 for the terms of the question itself, less for the talk around it
    quint32 parts{};    // bit i: the term is in the query's question sentence i (the first 32)
};

// A span of time the query names ("on 5 Jan 2024", "4月3日", "yesterday"): [start, end).
struct TimeWindow
{
    QDateTime start;
    QDateTime end;
    bool contains(const QDateTime& t, qint64 slackDays) const;
};

// What a search looks for: the user's latest message and, in a running conversation, the user's
// earlier messages of the window (oldest first). A plain string is a latest message alone.
struct QueryText
{
    QueryText(const QString& text) // NOLINT(google-explicit-constructor): a query is often just text
        : latest(text)
    {}
    QueryText(const QString& latestMessage, const QStringList& earlierMessages)
        : latest(latestMessage)
        , earlier(earlierMessages)
    {}

    QString latest;
    QStringList earlier;
};

struct AnalyzedQuery
{
    QList<QueryTerm> terms; // distinct, in query order
    std::optional<TimeWindow> time;
    int parts{}; // question sentences with a term of their own ("A? Also, B?" has two)
    // The latest message asks nothing: the user is talking, and what they talk about is looked
    // for as a whole (no question sentence to weight, no soft AND over its many words).
    bool conversational{};

    bool isEmpty() const { return terms.isEmpty(); }
    // The terms as the full-text indexes take them.
    QList<SearchTerm> searchTerms() const;
    // The total weight of the Word terms: what a document's coverage is measured against.
    double wordWeight() const;
};

// Turns a user's message into weighted search terms: SearchTokenizer's tokens without stop
// words of either language (function words, question words, pronouns; a CJK bigram is dropped
// when both its characters are function characters, e.g. 的是, 了吗); terms of the question
// sentences weigh three times those of the chatter around them ("今天天气真好……我住的小区叫
// 什么？"); and an explicit or relative date becomes a time window. A query of stop words only
// keeps them, so "what is it" still searches.
//
// A conversation is searched in one of two ways (issue 14). When the latest message asks
// something, the question is what matters and the earlier messages are left out, as above. When
// it only says something ("今天去看了那个论坛……"), every sentence of it weighs fully, the user's
// earlier messages of the window weigh kEarlierWeight, and speaker tags of a pasted transcript
// ("Anna: …") and quoted lines ("> …") are dropped.
class QueryAnalyzer final
{
public:
    static AnalyzedQuery analyze(const QueryText& query, const QDateTime& now);
    static AnalyzedQuery analyze(const QString& query, const QDateTime& now) { return analyze(QueryText(query), now); }

    static bool isStopTerm(const QString& term, QueryTerm::Kind kind);
    static QueryTerm::Kind kindOf(const QString& token);
    // The date a question names, if any, relative to `now` for "yesterday", "4月3日" and the like.
    static std::optional<TimeWindow> timeWindow(const QString& text, const QDateTime& now);

    static constexpr double kChatterWeight = 1.0 / 3.0;
    static constexpr double kEarlierWeight = 0.5;
    // Earlier messages of a conversation looked at, the newest first.
    static constexpr qsizetype kEarlierMessages = 2;
    // Bounds on the work of one query, whatever is pasted into it. At most kMaxQueryChars
    // characters are analysed: the first ones and the last kQueryTailChars (a question after a
    // pasted text is kept). The longest benchmark question (MemDaily) has 295 characters, so no
    // real question is cut, and a pasted page or a megabyte of text costs what these characters
    // cost. Of the terms found, at most kMaxTerms are kept, the question's own before the
    // chatter's, each group in query order: the episode index considers no more
    // (EpisodeIndex::kMaxTerms, which picks the same ones), and the fact search's FTS5
    // expression and the re-ranking stay small.
    static constexpr qsizetype kMaxQueryChars = 4096;
    static constexpr qsizetype kQueryTailChars = 1024;
    static constexpr qsizetype kMaxTerms = 256;
};

} // namespace engram
