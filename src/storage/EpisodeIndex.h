#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QSqlQuery>

#include <optional>

namespace engram {

class Database;
struct EpisodeHit;

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

// The full-text side of EpisodeStore: ranks a user's episodes for weighted terms with FTS5's
// bm25() while bounding the work of a query however large the index grows. FTS5 scores every
// posting of every term it is given (about a microsecond each), so a term found in tens of
// thousands of episodes would dominate the time. Each term's document frequency is probed
// (capped, and cached until the index grows by a tenth); the rarest terms go to FTS5 within a
// posting budget, and the common rest are scored here, on the best rows only, with the same
// BM25 formula. When the rare terms find too little (or there are none), the episodes holding
// the rarest common terms together join the candidates, the newest first.
class EpisodeIndex final
{
public:
    explicit EpisodeIndex(Database& db);

    Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                     std::optional<EpisodeKind> kind) const;
    // One ranking shared by several quotas (the context's summaries and exchanges): a list of
    // hits per quota, in the same order.
    Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                            const QList<EpisodeQuota>& quotas) const;
    // The same for a ready FTS5 expression, every posting scored.
    Result<QList<EpisodeHit>> search(const QString& userId, const QString& match, int limit,
                                     std::optional<EpisodeKind> kind) const;

    // Postings a query hands to FTS5's bm25() (about a microsecond each).
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
        QList<QList<SearchTerm>> ranked; // for bm25(), grouped by weight
        QList<SearchTerm> common;        // scored on the rows found; rarest first
        qint64 rows{};
    };

    Result<Plan> plan(const QList<SearchTerm>& terms) const;
    Result<qint64> frequency(const QString& term, qint64 rows) const;
    Result<qint64> rowCount() const;
    Result<double> averageLength() const; // of a row, in tokens
    Result<Candidates> rankInIndex(const Plan& plan, int limit, int indexLimit) const;
    Result<Candidates> cooccurring(const QList<SearchTerm>& common, int indexLimit) const;
    Result<Candidates> rankExpression(const QString& match, double weight, int indexLimit) const;
    using Ranked = QList<std::pair<double, qint64>>; // (score, rowid), best first
    static Ranked ranked(const Candidates& candidates);
    static Ranked keepOnly(const Ranked& ranked, const QSet<qint64>& rowids);
    // The user's active rows among the ranked, best first, read until `limit` are found.
    Result<QList<EpisodeHit>> readRows(const QString& userId, const Ranked& ranked, int limit,
                                       std::optional<EpisodeKind> kind) const;
    Result<QList<EpisodeHit>> readChunk(const QString& userId, const Ranked& ranked, qsizetype from, qsizetype count,
                                        std::optional<EpisodeKind> kind) const;
    // The candidates of a kind (the user's active episodes), in the same order. Summaries come
    // from the user's set of them when it is small; otherwise each candidate's row is looked up.
    Result<Ranked> ofKind(const QString& userId, const Ranked& ranked, EpisodeKind kind) const;
    // The rowids of the user's active summaries, if there are no more than `cap`.
    Result<std::optional<QSet<qint64>>> summariesOf(const QString& userId, qsizetype cap) const;
    Result<QList<EpisodeHit>> searchJoined(const QString& userId, const QString& match, int limit,
                                           std::optional<EpisodeKind> kind) const;
    void scoreCommonTerms(const Plan& plan, QList<EpisodeHit>& hits) const;
    // What the user's own matches are ranked by when the index's best rows held too few of them.
    static QString fallbackExpression(const Plan& plan);

    Database& m_db;
    mutable std::optional<QSqlQuery> m_rank;
    mutable std::optional<QSqlQuery> m_rows;
    mutable std::optional<QSqlQuery> m_kinds;
    mutable std::optional<QSqlQuery> m_summaries;
    mutable std::optional<QSqlQuery> m_probe;
    mutable std::optional<QSqlQuery> m_rowCount;
    mutable QHash<QString, qint64> m_frequencies;
    mutable qint64 m_frequenciesAt{}; // the row count when the cache was started
    mutable double m_averageLength{}; // estimated with the frequencies
};

} // namespace engram
