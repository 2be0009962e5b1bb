#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "storage/PostingCache.h"
#include "storage/TextIndex.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QSqlQuery>

#include <optional>

namespace engram {

class Database;

// The full-text side of EpisodeStore on SQLite: ranks a user's episodes for weighted terms by FTS5's BM25
// while bounding the work of a query however large the index grows. Scoring every posting of a
// term found in tens of thousands of episodes would dominate the time, so each term's document
// frequency is probed (capped, and cached until the index grows by a tenth); the rarest terms,
// within a posting budget, are scored from their postings (PostingCache, which keeps them in
// memory), and the common rest are scored on the best rows only, with the same formula. When the
// rare terms find too little (or there are none), the episodes holding the rarest common terms
// together join the candidates, the newest first.
class EpisodeIndex final : public EpisodeTextIndex
{
public:
    explicit EpisodeIndex(Database& db);

    Result<QList<EpisodeHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                     std::optional<EpisodeKind> kind) const override;
    Result<QList<QList<EpisodeHit>>> search(const QString& userId, const QList<SearchTerm>& terms,
                                            const QList<EpisodeQuota>& quotas, HitDetail detail) const override;
    Result<QList<EpisodeHit>> searchAll(const QString& userId, const QList<SearchTerm>& terms, int limit,
                                        std::optional<EpisodeKind> kind) const override;
    QString containsAll(const QStringList& tokens, bool lastIsPrefix, QVariantList& values) const override;
    // The insert trigger and the context trigger are set aside meanwhile: the new rows reach the
    // FTS5 index in one statement at the end, with their neighbours' context computed once.
    Status beginBulkLoad() override;
    Status finishBulkLoad() override;
    // The context trigger is set aside: refreshing each deleted exchange's neighbours would
    // rewrite the index once more for nothing (8 times slower at 100,000 episodes).
    Result<int> removeAllOf(const QString& userId) override;
    // The context trigger is set aside here too: it rewrote the index entries of each archived
    // exchange's neighbours row by row, several times over when a conversation leaves whole,
    // before the caller's sweep wrote them once more.
    Status changeStatuses(const std::function<Status()>& change) override;
    Status optimize() override;

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
    Result<QList<EpisodeHit>> searchExpression(const QString& userId, const QString& match, int limit,
                                               std::optional<EpisodeKind> kind) const;
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
    QStringList m_bulkTriggers;       // the SQL of the triggers set aside during a bulk load
    qint64 m_bulkAfterSeq{};
};

} // namespace engram
