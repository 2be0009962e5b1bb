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

// Finds a user's memories for a query: FTS5 BM25 over pre-tokenised text (SearchTokenizer) with
// the query's terms weighted by QueryAnalyzer, boosted for pinned and important items. Episodes
// are then re-ranked: by how many of the query's words they cover, by the date the query names,
// and by the best other match of their conversation (what was said around a match is likely
// relevant too). Ties go to the newer item. Only active items of the given user are returned.
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

    // How much of its conversation's best other match an episode gains.
    static constexpr double kConversationShare = 0.4;
    // The factor of an episode said within a day or two of the date the query names.
    static constexpr double kTimeBoost = 1.5;
    static constexpr qint64 kTimeSlackDays = 2;

private:
    MemoryContext& m_ctx;
};

} // namespace engram
