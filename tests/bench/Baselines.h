#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <optional>

#include <vector>

namespace engram {
class Database;
}

// The retrieval methods Engram is compared with, in the same run.
namespace engram::bench {

// The original three-tier design's retrieval: keywords are single CJK characters and ASCII
// words (minus its 14 stop characters); a memory scores the number of query keywords it
// contains; ties go to the newer memory. The original looked only at the 50 most recent
// memories; `rank` looks at whatever candidates it is given (50 recent, or all).
class KeywordBaseline final
{
public:
    struct Candidate
    {
        int index{};
        QString lowered; // the memory's text, lower-cased
        qint64 time{};
    };

    static QStringList keywords(const QString& query);
    static int score(const QStringList& keywords, const QString& lowered);
    // The best `k` candidates with a score of at least 1, as their indices.
    static std::vector<int> rank(const QStringList& keywords, const std::vector<Candidate>& candidates, int k);

    static constexpr int kRecentWindow = 50;
};

// Plain BM25: an FTS5 table of its own holding CJK bigrams and lower-case words (no stemming,
// no stop words, no weighting), queried with every query token OR-ed, ordered by bm25().
class PlainBm25 final
{
public:
    explicit PlainBm25(Database& db);

    Status create();
    Status add(qint64 rowid, const QString& text);
    Result<std::vector<qint64>> search(const QString& query, int k) const;

    static QStringList tokens(const QString& text);

private:
    Database& m_db;
};

// The original design's store: a plain table of memories with their top keywords and an index
// on the user, no full-text index; searched by KeywordBaseline over the 50 most recently
// accessed rows (as the original did) or over every row of the user.
class OriginalDesignStore final
{
public:
    explicit OriginalDesignStore(Database& db);

    Status create();
    Status insert(const QString& id, const QString& userId, const QString& content, const QDateTime& time);
    Result<std::vector<int>> search(const QString& userId, const QString& query, int k, bool allRows) const;

    // The original's keyword extraction: CJK characters and ASCII words by frequency, top n.
    static QStringList topKeywords(const QString& text, int n = 5);

private:
    Database& m_db;
    mutable std::optional<QSqlQuery> m_insert;
};

} // namespace engram::bench
