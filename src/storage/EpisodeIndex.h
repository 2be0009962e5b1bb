#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "storage/PostingCache.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QSqlQuery>

#include <optional>

namespace engram {

class Database;
struct EpisodeHit;
enum class HitDetail;

// How many of the best episodes of a kind a search returns (no kind: of either kind).
struct EpisodeQuota
{
    std::optional<EpisodeKind> kind;
    int limit{};
};

// One term of a search, as written in the index (SearchTokenizer's form), with its weight.
struct SearchTerm
{
    QString text;
    double weight{1.0};
};

// The full-text side of EpisodeStore: ranks a user's episodes for weighted terms by FTS5's BM25
// while bounding the work of a query however large the index grows. Scoring every posting of a
// term found in tens of thousands of episodes would dominate the time, so each term's document
// frequency is probed (capped, and cached until the index grows by a tenth); the rarest terms,
// within a posting budget, are scored from their postings (PostingCache, which keeps them in
// memory), and the common rest are scored on the best rows only, with the same formula. When the
// rare terms find too little (or there are none), the episodes holding the rarest common terms
// together join the candidates, the newest first.
class EpisodeIndex final
{
public:
    explicit EpisodeIndex(Database& db);

    Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                     std::optional<EpisodeKind> kind) const;
    // One ranking shared by several quotas (the context's summaries and exchanges): a list of
    // hits per quota, in the same order.
    Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                            const QList<EpisodeQuota>& quotas, HitDetail detail) const;
    // The same for a ready FTS5 expression, every posting scored.
    Result<QList<EpisodeHit>> search(const QString& userId, const QString& match, int limit,
                                     std::optional<EpisodeKind> kind) const;

    // Postings of the terms a query ranks by (read once, then kept in memory).
    static constexpr qint64 kPostingBudget = 1000;
    // Terms of a query considered at all (the question's first): a pasted page is not thousands
    // of frequency probes. MemDaily's longest questions stay well below it.
    static constexpr qsizetype kMaxTerms = 256;

private:
    struct Candidates
    {
        QHash<qint64, double> scores; // rowid -> score (higher is better)
        bool complete{};              // every match was considered
    };
    struct Plan
    {
        QList<SearchTerm> ranked; // scored from their postings
        QList<SearchTerm> common; // scored on the rows found; rarest first
        qint64 rows{};
    };

    Result<Plan> plan(const QList<SearchTerm>& terms) const;
    Result<qint64> frequency(const QString& term, qint64 rows) const;
    Result<qint64> rowCount() const;
    Result<double> averageLength() const; // of a row, in tokens
    Result<Candidates> rankInIndex(const Plan& plan, int limit, int indexLimit) const;
    Result<Candidates> cooccurring(const QList<SearchTerm>& common, int indexLimit) const;
    Result<Candidates> rankExpression(const QString& match, int indexLimit) const;
    using Ranked = QList<std::pair<double, qint64>>; // (score, rowid), best first
    static Candidates best(const QHash<qint64, double>& scores, int indexLimit);
    static Ranked ranked(const Candidates& candidates);
    static Ranked keepOnly(const Ranked& ranked, const QSet<qint64>& rowids);
    // The user's active rows among the ranked, best first, read until `limit` are found.
    Result<QList<EpisodeHit>> readRows(const QString& userId, const Ranked& ranked, int limit,
                                       std::optional<EpisodeKind> kind, HitDetail detail) const;
    Result<QList<EpisodeHit>> readChunk(const QString& userId, const Ranked& ranked, qsizetype from, qsizetype count,
                                        std::optional<EpisodeKind> kind, HitDetail detail) const;
    // The candidates of a kind (the user's active episodes), in the same order.
    Result<Ranked> ofKind(const QString& userId, const Ranked& ranked, EpisodeKind kind) const;
    Result<QList<EpisodeHit>> searchJoined(const QString& userId, const QString& match, int limit,
                                           std::optional<EpisodeKind> kind) const;
    void scoreCommonTerms(const Plan& plan, QList<EpisodeHit>& hits) const;
    // What the user's own matches are ranked by when the index's best rows held too few of them.
    static QString fallbackExpression(const Plan& plan);

    Database& m_db;
    mutable std::optional<QSqlQuery> m_rank;
    mutable std::optional<QSqlQuery> m_rows;
    mutable std::optional<QSqlQuery> m_rankingRows;
    mutable std::optional<QSqlQuery> m_probe;
    mutable std::optional<QSqlQuery> m_rowCount;
    mutable PostingCache m_postings;
    mutable QHash<QString, qint64> m_frequencies;
    mutable qint64 m_frequenciesAt{}; // the row count when the cache was started
    mutable double m_averageLength{}; // estimated with the frequencies
};

} // namespace engram
