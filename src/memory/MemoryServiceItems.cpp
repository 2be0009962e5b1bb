// MemoryService: reading items of any tier (find, list, count, history), as the panel, the CLI
// and the MCP tools see them. Kept apart from MemoryService.cpp so each file stays about one thing.
#include "memory/MemoryContext.h"
#include "memory/MemoryService.h"

namespace engram {

Result<MemoryItem> MemoryService::findAnyTier(const QString& userId, const QString& id) const
{
    if (auto f = m_ctx->facts.find(userId, id))
        return MemoryItem::fromFact(*f);
    if (auto e = m_ctx->episodes.find(userId, id))
        return MemoryItem::fromEpisode(*e);
    if (auto m = m_ctx->messages.find(userId, id))
        return MemoryItem::fromMessage(*m);
    return Error::notFound(QStringLiteral("No memory item has the id %1").arg(id));
}

Result<MemoryItem> MemoryService::item(const QString& userId, const QString& id) const
{
    return findAnyTier(userId, id);
}

namespace {

bool containsText(const MemoryItem& item, const QString& text)
{
    for (const QString* field : {&item.content, &item.detail, &item.topicKey}) {
        if (field->contains(text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

// The conditions of `q` on episodes of tier `t` (episodic or archive), as SQL asks them.
EpisodeFilter episodeFilterFor(const ItemQuery& q, Tier t)
{
    EpisodeFilter filter;
    filter.status = t == Tier::Archive ? ItemStatus::Archived : ItemStatus::Active;
    filter.pinnedOnly = q.pinnedOnly;
    filter.contains = q.contains;
    filter.conversationId = q.conversationId;
    filter.createdFrom = q.createdFrom;
    filter.createdBefore = q.createdBefore;
    if (q.origin) {
        switch (*q.origin) {
        case ItemOrigin::Said:
            filter.kind = EpisodeKind::Exchange;
            filter.origin = EpisodeOrigin::Conversation;
            break;
        case ItemOrigin::Inferred:
            filter.kind = EpisodeKind::Summary;
            filter.origin = EpisodeOrigin::Conversation;
            break;
        case ItemOrigin::Imported:
            filter.origin = EpisodeOrigin::Import;
            break;
        case ItemOrigin::Tool:
            filter.origin = EpisodeOrigin::Tool;
            break;
        case ItemOrigin::ByHand:
            filter.none = true; // episodes come from conversations, imports and tools
            break;
        }
    }
    filter.order = q.order;
    filter.newestFirst = q.descending;
    return filter;
}

} // namespace

bool ItemQuery::admits(const MemoryItem& item) const
{
    if (pinnedOnly && !item.pinned)
        return false;
    if (!conversationId.isEmpty() && item.conversationId != conversationId)
        return false;
    if (origin && item.origin() != *origin)
        return false;
    if (createdFrom.isValid() && item.createdAt < createdFrom)
        return false;
    return !createdBefore.isValid() || item.createdAt < createdBefore;
}

Result<QList<MemoryItem>> MemoryService::list(const QString& userId, const ItemQuery& q) const
{
    QList<MemoryItem> items;
    const auto wants = [&](Tier t) { return !q.tier || *q.tier == t; };
    if (wants(Tier::Working)) {
        auto state =
            q.status.isEmpty() ? std::optional<WindowState>(WindowState::InWindow) : windowStateFromString(q.status);
        if (state) {
            auto messages = m_ctx->messages.inState(userId, *state, q.conversationId);
            if (!messages)
                return messages.error();
            for (const Message& m : *messages) {
                if (MemoryItem item = MemoryItem::fromMessage(m); q.admits(item))
                    items.append(std::move(item));
            }
        }
    }
    if (wants(Tier::Semantic)) {
        FactFilter filter;
        filter.pinnedOnly = q.pinnedOnly;
        if (!q.status.isEmpty()) {
            auto status = itemStatusFromString(q.status);
            filter.statuses = status ? QList<ItemStatus>{*status} : QList<ItemStatus>{};
            if (!status)
                filter.statuses = {ItemStatus::Deleted, ItemStatus::Archived}; // unknown for facts: nothing matches
        }
        auto facts = m_ctx->facts.list(userId, filter);
        if (!facts)
            return facts.error();
        for (const Fact& f : *facts) {
            if (MemoryItem item = MemoryItem::fromFact(f); q.admits(item))
                items.append(std::move(item));
        }
    }
    if (!q.contains.isEmpty())
        items.removeIf([&](const MemoryItem& item) { return !containsText(item, q.contains); });
    for (Tier t : {Tier::Episodic, Tier::Archive}) {
        if (!wants(t))
            continue;
        EpisodeFilter filter = episodeFilterFor(q, t);
        if (q.tier) {
            filter.offset = q.offset;
            filter.limit = q.limit;
        }
        auto episodes = m_ctx->episodes.list(userId, filter);
        if (!episodes)
            return episodes.error();
        for (const Episode& e : *episodes)
            items.append(MemoryItem::fromEpisode(e));
    }
    // Episode queries page in SQL; other tiers are small enough to page here.
    const bool pagedInSql = q.tier && (*q.tier == Tier::Episodic || *q.tier == Tier::Archive);
    if (!pagedInSql && (q.offset > 0 || q.limit >= 0)) {
        items = items.mid(q.offset, q.limit);
    }
    return items;
}

Result<int> MemoryService::count(const QString& userId, const ItemQuery& q) const
{
    if (q.tier && (*q.tier == Tier::Episodic || *q.tier == Tier::Archive) && q.status.isEmpty())
        return m_ctx->episodes.count(userId, episodeFilterFor(q, *q.tier));
    ItemQuery all = q;
    all.offset = 0;
    all.limit = -1;
    auto items = list(userId, all);
    if (!items)
        return items.error();
    return static_cast<int>(items->size());
}

Result<TierCounts> MemoryService::counts(const QString& userId) const
{
    TierCounts c;
    auto working = m_ctx->messages.countInState(userId, WindowState::InWindow);
    auto episodic = m_ctx->episodes.count(userId, EpisodeFilter{});
    EpisodeFilter archived;
    archived.status = ItemStatus::Archived;
    auto archive = m_ctx->episodes.count(userId, archived);
    FactFilter active;
    active.statuses = {ItemStatus::Active};
    auto semantic = m_ctx->facts.count(userId, active);
    FactFilter pending;
    pending.statuses = {ItemStatus::Pending};
    auto pend = m_ctx->facts.count(userId, pending);
    for (const auto* r : {&working, &episodic, &archive, &semantic, &pend}) {
        if (!*r)
            return r->error();
    }
    c.working = *working;
    c.episodic = *episodic;
    c.archive = *archive;
    c.semantic = *semantic;
    c.pending = *pend;
    return c;
}

Result<QList<HistoryEntry>> MemoryService::history(const QString& userId, const QString& id) const
{
    QStringList ids{id};
    if (auto f = m_ctx->facts.find(userId, id)) {
        auto lineage = m_ctx->facts.lineage(userId, f->subject, f->predicate);
        if (!lineage)
            return lineage.error();
        ids.clear();
        for (const Fact& version : *lineage)
            ids.append(version.id);
    }
    auto events = m_ctx->events.forItems(userId, ids);
    if (!events)
        return events.error();
    QList<HistoryEntry> entries;
    for (const Event& e : *events)
        entries.append(HistoryEntry{e.createdAt, e.action, e.actor, e.itemId, e.before, e.after, e.client});
    if (entries.isEmpty()) {
        if (auto exists = findAnyTier(userId, id); !exists)
            return exists.error();
    }
    return entries;
}

} // namespace engram
