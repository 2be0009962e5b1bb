#pragma once

#include "core/Result.h"
#include "memory/MemoryItem.h"
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
};

// Finds a user's memories for a query: FTS5 BM25 over pre-tokenised text (SearchTokenizer),
// boosted for pinned and important items, ties broken by recency. Only active items of the
// given user are ever returned.
class Retriever final
{
public:
    explicit Retriever(MemoryContext& ctx);

    Result<QList<MemoryItem>> search(const QString& userId, const QString& query, const SearchOptions& options) const;
    Result<QList<EpisodeHit>> searchEpisodes(const QString& userId, const QString& query, int limit,
                                             std::optional<EpisodeKind> kind = std::nullopt) const;
    Result<QList<FactHit>> searchFacts(const QString& userId, const QString& query, int limit) const;

    // The BM25 score scaled by the item's pin and importance.
    static double boosted(double bm25, bool pinned, double importance);

private:
    MemoryContext& m_ctx;
};

} // namespace engram
