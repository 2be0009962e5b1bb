// The embedding half of Retriever: fuses its BM25 ranking with the cosine ranking. Kept apart
// from Retriever.cpp so the keyword ranking can change without touching this.
#include "memory/FusionCalibration.h"
#include "memory/MemoryContext.h"
#include "memory/RankFusion.h"
#include "memory/Retriever.h"

#include <QHash>

namespace engram {
namespace {

// How many more neighbours than asked for are fused, as for BM25 candidates.
constexpr int kVectorCandidateFactor = 3;

// Orders `hits` by the weighted fused ranks of their BM25 order and `vectorIds`, the fused score as the hit's score;
// `load` fetches an item only the vectors found (nullopt: it does not qualify).
template <typename Hit, typename IdOf, typename Load>
Result<QList<Hit>> fused(const FusionWeights& weights, QList<Hit> hits, const QStringList& vectorIds, int limit,
                         IdOf idOf, Load load)
{
    QStringList bm25Ids;
    QHash<QString, qsizetype> byId;
    for (qsizetype i = 0; i < hits.size(); ++i) {
        bm25Ids.append(idOf(hits[i]));
        byId.insert(bm25Ids.last(), i);
    }
    QStringList vectorRanking;
    for (const QString& id : vectorIds) {
        if (!byId.contains(id)) {
            auto hit = load(id);
            if (!hit)
                return hit.error();
            if (!*hit)
                continue;
            byId.insert(id, hits.size());
            hits.append(**hit);
        }
        vectorRanking.append(id);
    }
    QList<Hit> out;
    const QList<RankFusion::Ranking> rankings{{bm25Ids, weights.keyword, weights.k},
                                              {vectorRanking, weights.vector, weights.k}};
    for (const FusedRank& rank : RankFusion::fuseWeighted(rankings)) {
        if (out.size() >= limit)
            break;
        Hit hit = hits[byId.value(rank.id)];
        hit.score = rank.score;
        out.append(hit);
    }
    return out;
}

// The ids of the user's items of `itemType` nearest to `vector`, best first.
Result<QStringList> nearestIds(MemoryContext& ctx, const QString& userId, const QueryVector& vector,
                               const QString& itemType, int limit)
{
    auto near =
        ctx.vectors.nearest(userId, vector, itemType, limit * kVectorCandidateFactor, ctx.config.minVectorSimilarity);
    if (!near)
        return near.error();
    QStringList ids;
    for (const VectorHit& h : *near)
        ids.append(h.itemId);
    return ids;
}

} // namespace

Result<QList<EpisodeHit>> Retriever::fuseEpisodes(const QString& userId, QList<EpisodeHit> bm25,
                                                  const QueryVector& vector, int limit,
                                                  std::optional<EpisodeKind> kind) const
{
    auto ids = nearestIds(m_ctx, userId, vector, EmbeddingStore::kEpisode, limit);
    if (!ids)
        return ids.error();
    const auto load = [&](const QString& id) -> Result<std::optional<EpisodeHit>> {
        auto episode = m_ctx.episodes.find(userId, id);
        if (!episode && episode.error().code != Error::Code::NotFound)
            return episode.error();
        if (!episode || episode->status != ItemStatus::Active || (kind && episode->kind != *kind))
            return std::optional<EpisodeHit>();
        return std::optional<EpisodeHit>(EpisodeHit{*episode, 0.0, {}, 0, false});
    };
    auto weights = FusionCalibration::weightsFor(m_ctx, *this, userId, vector.model);
    if (!weights)
        return weights.error();
    return fused(
        *weights, std::move(bm25), *ids, limit, [](const EpisodeHit& h) { return h.episode.id; }, load);
}

Result<QList<FactHit>> Retriever::fuseFacts(const QString& userId, QList<FactHit> bm25, const QueryVector& vector,
                                            int limit) const
{
    auto ids = nearestIds(m_ctx, userId, vector, EmbeddingStore::kFact, limit);
    if (!ids)
        return ids.error();
    const auto load = [&](const QString& id) -> Result<std::optional<FactHit>> {
        auto fact = m_ctx.facts.find(userId, id);
        if (!fact && fact.error().code != Error::Code::NotFound)
            return fact.error();
        if (!fact || fact->status != ItemStatus::Active)
            return std::optional<FactHit>();
        return std::optional<FactHit>(FactHit{*fact, 0.0});
    };
    // Facts have no conversation to probe with: they take the weights the user's exchanges chose.
    auto weights = FusionCalibration::weightsFor(m_ctx, *this, userId, vector.model);
    if (!weights)
        return weights.error();
    return fused(
        *weights, std::move(bm25), *ids, limit, [](const FactHit& h) { return h.fact.id; }, load);
}

} // namespace engram
