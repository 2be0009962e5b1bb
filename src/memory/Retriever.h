#pragma once

#include "core/Result.h"
#include "memory/MemoryItem.h"
#include "memory/QueryAnalyzer.h"
#include "memory/VectorIndex.h"
#include "storage/EpisodeStore.h"
#include "storage/FactStore.h"

#include <QList>

#include <optional>

namespace engram {

struct MemoryContext;

struct SearchOptions
{
    bool episodes{true};
    bool facts{true};
    std::optional<EpisodeKind> kind; // restrict episodes to exchanges or summaries
    int limit{10};
    std::optional<QueryVector> queryVector{}; // set: BM25 and cosine rankings are fused (RankFusion)
};

// Finds a user's memories for a query: FTS5 BM25 over pre-tokenised text (SearchTokenizer) with
// the query's terms weighted by QueryAnalyzer, boosted for pinned and important items. Episodes
// are then re-ranked: by how many of the query's words they cover, by the date the query names,
// and by the best other match of their conversation (what was said around a match is likely
// relevant too). Ties go to the newer item. A query of several questions gets the best episodes
// of each question first. Only active items of the given user are returned.
// With a query vector, the ranking is fused with the cosine ranking of the items' embeddings
// (RetrieverVectors.cpp), so items without a shared word count too.
class Retriever final
{
public:
    explicit Retriever(MemoryContext& ctx);

    Result<QList<MemoryItem>> search(const QString& userId, const QueryText& query, const SearchOptions& options) const;
    Result<QList<EpisodeHit>> searchEpisodes(const QString& userId, const QueryText& query, int limit,
                                             std::optional<EpisodeKind> kind = std::nullopt,
                                             const std::optional<QueryVector>& vector = std::nullopt) const;
    // The same for several quotas at once (the context's summaries and exchanges): the query is
    // analysed and ranked in the index once. A list of hits per quota, in the same order.
    Result<QList<QList<EpisodeHit>>> searchEpisodes(const QString& userId, const QueryText& query,
                                                    const QList<EpisodeQuota>& quotas,
                                                    const std::optional<QueryVector>& vector = std::nullopt) const;
    Result<QList<FactHit>> searchFacts(const QString& userId, const QueryText& query, int limit,
                                       const std::optional<QueryVector>& vector = std::nullopt) const;

    // The BM25 score scaled by the item's pin and importance.
    static double boosted(double bm25, bool pinned, double importance);

    // How much of its conversation's best other match an episode gains.
    static constexpr double kConversationShare = 0.4;
    // The factor of an episode said within a day or two of the date the query names.
    static constexpr double kTimeBoost = 1.5;
    static constexpr qint64 kTimeSlackDays = 2;
    // An episode holding a of a query's b words keeps (a/b)^kCoveragePower of its score.
    static constexpr double kCoveragePower = 0.75;
    // For a query of several questions, how many best episodes of each come first.
    static constexpr int kPartRounds = 2;

private:
    // Reciprocal-rank fusion of the BM25 hits (best first) with the nearest vectors.
    Result<QList<EpisodeHit>> fuseEpisodes(const QString& userId, QList<EpisodeHit> bm25, const QueryVector& vector,
                                           int limit, std::optional<EpisodeKind> kind) const;
    Result<QList<FactHit>> fuseFacts(const QString& userId, QList<FactHit> bm25, const QueryVector& vector,
                                     int limit) const;

    MemoryContext& m_ctx;
};

} // namespace engram
