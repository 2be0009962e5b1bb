#include "memory/Retriever.h"

#include "core/SearchTokenizer.h"
#include "memory/MemoryContext.h"

#include <algorithm>

namespace engram {
namespace {

// How many more candidates than asked for are fetched before boosts re-rank them.
constexpr int kCandidateFactor = 3;

template <typename Hit, typename Created>
void rerank(QList<Hit>& hits, Created createdOf)
{
    std::stable_sort(hits.begin(), hits.end(), [&](const Hit& a, const Hit& b) {
        if (a.score != b.score)
            return a.score > b.score;
        return createdOf(a) > createdOf(b);
    });
}

} // namespace

Retriever::Retriever(MemoryContext& ctx)
    : m_ctx(ctx)
{}

double Retriever::boosted(double bm25, bool pinned, double importance)
{
    return bm25 * (1.0 + (pinned ? 0.25 : 0.0) + (importance - 0.5) * 0.5);
}

Result<QList<EpisodeHit>> Retriever::searchEpisodes(const QString& userId, const QString& query, int limit,
                                                    std::optional<EpisodeKind> kind,
                                                    const std::optional<QueryVector>& vector) const
{
    auto hits = m_ctx.episodes.search(userId, SearchTokenizer::matchExpression(query), limit * kCandidateFactor, kind);
    if (!hits)
        return hits.error();
    for (EpisodeHit& h : *hits)
        h.score = boosted(h.score, h.episode.pinned, h.episode.importance);
    rerank(*hits, [](const EpisodeHit& h) { return h.episode.createdAt; });
    if (vector)
        return fuseEpisodes(userId, std::move(*hits), *vector, limit, kind);
    if (hits->size() > limit)
        hits->resize(limit);
    return hits;
}

Result<QList<FactHit>> Retriever::searchFacts(const QString& userId, const QString& query, int limit,
                                              const std::optional<QueryVector>& vector) const
{
    auto hits = m_ctx.facts.search(userId, SearchTokenizer::matchExpression(query), limit * kCandidateFactor);
    if (!hits)
        return hits.error();
    for (FactHit& h : *hits)
        h.score = boosted(h.score, h.fact.pinned, h.fact.importance);
    rerank(*hits, [](const FactHit& h) { return h.fact.updatedAt; });
    if (vector)
        return fuseFacts(userId, std::move(*hits), *vector, limit);
    if (hits->size() > limit)
        hits->resize(limit);
    return hits;
}

Result<QList<MemoryItem>> Retriever::search(const QString& userId, const QString& query,
                                            const SearchOptions& options) const
{
    QList<MemoryItem> items;
    if (options.facts) {
        auto facts = searchFacts(userId, query, options.limit, options.queryVector);
        if (!facts)
            return facts.error();
        for (const FactHit& h : *facts) {
            MemoryItem item = MemoryItem::fromFact(h.fact);
            item.score = h.score;
            items.append(item);
        }
    }
    if (options.episodes) {
        auto episodes = searchEpisodes(userId, query, options.limit, options.kind, options.queryVector);
        if (!episodes)
            return episodes.error();
        for (const EpisodeHit& h : *episodes) {
            MemoryItem item = MemoryItem::fromEpisode(h.episode);
            item.score = h.score;
            items.append(item);
        }
    }
    std::stable_sort(items.begin(), items.end(), [](const MemoryItem& a, const MemoryItem& b) {
        if (*a.score != *b.score)
            return *a.score > *b.score;
        return a.createdAt > b.createdAt;
    });
    if (items.size() > options.limit)
        items.resize(options.limit);
    return items;
}

} // namespace engram
