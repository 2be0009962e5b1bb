// MemoryService: editing, pinning, deleting and undoing items of any tier. Kept apart from
// MemoryService.cpp so each file stays about one thing.
#include "memory/EpisodicMemory.h"
#include "memory/ItemJson.h"
#include "memory/MemoryContext.h"
#include "memory/MemoryService.h"
#include "memory/WorkingMemory.h"
#include "storage/Database.h"

#include <QScopeGuard>
#include <QSet>

namespace engram {
namespace {

const QStringList kUndoable{QStringLiteral("edit"), QStringLiteral("pin"), QStringLiteral("unpin"),
                            QStringLiteral("delete")};
// Undo never reaches back across a wholesale change of the memory.
const QStringList kUndoBarriers{QStringLiteral("import"), QStringLiteral("clear")};
constexpr int kUndoLookback = 50;

QString itemTypeOf(Tier tier)
{
    switch (tier) {
    case Tier::Working:
        return itemtype::kMessage;
    case Tier::Semantic:
        return itemtype::kFact;
    case Tier::Episodic:
    case Tier::Archive:
        break;
    }
    return itemtype::kEpisode;
}

Tier tierOfEpisode(const Episode& e)
{
    return e.status == ItemStatus::Archived ? Tier::Archive : Tier::Episodic;
}

// A short human description of an item for messages such as "Undid the delete of …".
QString describe(const Json& item)
{
    const auto text = [&](const char* key) { return QString::fromStdString(item.value(key, std::string())); };
    if (item.contains("predicate"))
        return QStringLiteral("%1 → %2").arg(text("predicate"), text("object"));
    QString content = text("content");
    if (content.size() > 40)
        content = content.left(39) + QChar(0x2026);
    return QStringLiteral("\"%1\"").arg(content);
}

} // namespace

Result<MemoryItem> MemoryService::edit(const QString& userId, const QString& id, const QString& rawText)
{
    const QString text = redact(userId, rawText);
    auto found = findAnyTier(userId, id);
    if (!found)
        return found.error();
    if (text.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("The new text is empty"));
    if (text.size() > itemjson::kMaxFieldChars) // as an import would refuse it: exports stay importable
        return Error::invalid(QStringLiteral("The new text is %1 characters long; a memory holds at most %2")
                                  .arg(text.size())
                                  .arg(itemjson::kMaxFieldChars));
    switch (found->tier) {
    case Tier::Semantic: {
        auto f = m_semantic->edit(userId, id, text);
        if (!f)
            return f.error();
        announceChanged(userId, Tier::Semantic, {id});
        return MemoryItem::fromFact(*f);
    }
    case Tier::Working: {
        auto before = m_ctx->messages.find(userId, id);
        if (!before)
            return before.error();
        if (auto st = m_ctx->messages.setModelContent(userId, id, text); !st)
            return st.error();
        Message after = *before;
        after.modelContent = text;
        if (auto st = m_ctx->record(userId, id, itemtype::kMessage, QStringLiteral("edit"), Actor::User,
                                    itemjson::toJson(*before), itemjson::toJson(after));
            !st)
            return st.error();
        announceChanged(userId, Tier::Working, {id});
        return MemoryItem::fromMessage(after);
    }
    case Tier::Episodic:
    case Tier::Archive:
        break;
    }
    auto e = m_ctx->episodes.find(userId, id);
    if (!e)
        return e.error();
    const Json before = itemjson::toJson(*e);
    e->content = text.trimmed();
    e->updatedAt = m_ctx->clock.now();
    if (auto st = m_ctx->episodes.update(*e); !st)
        return st.error();
    if (auto st = m_ctx->record(userId, id, itemtype::kEpisode, QStringLiteral("edit"), Actor::User, before,
                                itemjson::toJson(*e));
        !st)
        return st.error();
    announceChanged(userId, tierOfEpisode(*e), {id});
    return MemoryItem::fromEpisode(*e);
}

Result<MemoryItem> MemoryService::setPinned(const QString& userId, const QString& id, bool pinned)
{
    auto found = findAnyTier(userId, id);
    if (!found)
        return found.error();
    if (found->pinned == pinned)
        return *found;
    Status st;
    if (found->tier == Tier::Semantic) {
        auto f = m_ctx->facts.find(userId, id);
        if (!f)
            return f.error();
        f->pinned = pinned;
        if (pinned)
            f->importance = std::min(1.0, f->importance + 0.1);
        st = m_ctx->facts.update(*f);
    } else if (found->tier == Tier::Working) {
        st = m_ctx->messages.setPinned(userId, id, pinned);
    } else {
        auto e = m_ctx->episodes.find(userId, id);
        if (!e)
            return e.error();
        e->pinned = pinned;
        if (pinned)
            e->importance = std::min(1.0, e->importance + 0.1);
        st = m_ctx->episodes.update(*e);
    }
    if (!st)
        return st.error();
    Json before = Json::object();
    before["pinned"] = !pinned;
    Json after = Json::object();
    after["pinned"] = pinned;
    if (auto rec = m_ctx->record(userId, id, itemTypeOf(found->tier),
                                 pinned ? QStringLiteral("pin") : QStringLiteral("unpin"), Actor::User, before, after);
        !rec)
        return rec.error();
    found->pinned = pinned;
    announceChanged(userId, found->tier, {id});
    return *found;
}

Status MemoryService::remove(const QString& userId, const QString& id)
{
    auto found = findAnyTier(userId, id);
    if (!found)
        return found.error();
    if (found->tier == Tier::Working) {
        auto before = m_ctx->messages.find(userId, id);
        if (!before)
            return before.error();
        if (auto st = m_ctx->messages.setWindowState(userId, {id}, WindowState::Removed); !st)
            return st;
        Json after = Json::object();
        after["window_state"] = enumName(WindowState::Removed).toStdString();
        Json prior = Json::object();
        prior["window_state"] = enumName(before->windowState).toStdString();
        if (auto st =
                m_ctx->record(userId, id, itemtype::kMessage, QStringLiteral("delete"), Actor::User, prior, after);
            !st)
            return st;
        announceRemoved(userId, Tier::Working, {id});
        return {};
    }
    if (auto st = purgeTrash(); !st)
        return st;
    Json payload;
    if (found->tier == Tier::Semantic) {
        auto f = m_ctx->facts.find(userId, id);
        if (!f)
            return f.error();
        payload = itemjson::toJson(*f);
    } else {
        auto e = m_ctx->episodes.find(userId, id);
        if (!e)
            return e.error();
        payload = itemjson::toJson(*e);
    }
    const QString type = itemTypeOf(found->tier);
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st;
    Event event;
    event.id = newId();
    event.userId = userId;
    event.itemId = id;
    event.itemType = type;
    event.action = QStringLiteral("delete");
    event.actor = Actor::User;
    event.createdAt = m_ctx->clock.now();
    event.group = m_ctx->actionGroup;
    if (auto st = m_ctx->events.append(event); !st)
        return st;
    if (auto st = m_ctx->events.putInTrash(userId, id, type, event.id, payload, event.createdAt); !st)
        return st;
    if (auto st = type == itemtype::kFact ? m_ctx->facts.remove(userId, id) : m_ctx->episodes.remove(userId, id); !st)
        return st;
    if (auto st = tx.commit(); !st)
        return st;
    announceRemoved(userId, found->tier, {id});
    return {};
}

Result<QString> MemoryService::undoDelete(const QString& userId, const Event& event)
{
    const QString& what = event.itemType;
    if (event.itemType == itemtype::kMessage) {
        const auto state =
            windowStateFromString(QString::fromStdString(event.before.value("window_state", std::string())));
        if (auto st = m_ctx->messages.setWindowState(userId, {event.itemId}, state.value_or(WindowState::InWindow));
            !st)
            return st.error();
        announceChanged(userId, Tier::Working, {event.itemId});
        return QStringLiteral("Undid the removal of message %1 from the window").arg(event.itemId);
    }
    auto payload = m_ctx->events.takeFromTrash(userId, event.id);
    if (!payload)
        return payload.error();
    if (!*payload)
        return Error{Error::Code::Conflict, QString()}; // purged: no longer revertible
    const QString where = QStringLiteral("trash");
    QString note;
    if (event.itemType == itemtype::kFact) {
        auto f = itemjson::factFromJson(**payload, where);
        if (!f)
            return f.error();
        f->userId = userId;
        // The key got a new current value meanwhile: the old one comes back for the user to confirm.
        auto current = m_ctx->facts.current(userId, f->subject, f->predicate);
        if (!current)
            return current.error();
        if (f->status == ItemStatus::Active && *current) {
            f->status = ItemStatus::Pending;
            note = QStringLiteral(" (pending: the fact has another value now)");
        }
        if (auto st = m_ctx->facts.insert(*f); !st)
            return st.error();
        announceChanged(userId, Tier::Semantic, {f->id});
    } else {
        auto e = itemjson::episodeFromJson(**payload, where);
        if (!e)
            return e.error();
        e->userId = userId;
        if (auto st = m_ctx->episodes.insert(*e); !st)
            return st.error();
        announceChanged(userId, tierOfEpisode(*e), {e->id});
    }
    return QStringLiteral("Undid the delete of %1 %2%3").arg(what, describe(**payload), note);
}

Result<QString> MemoryService::undoEvent(const QString& userId, const Event& event)
{
    const QString& what = event.itemType;
    if (event.action == QLatin1String("delete"))
        return undoDelete(userId, event);
    if (event.action == QLatin1String("pin") || event.action == QLatin1String("unpin")) {
        const bool pinned = event.action == QLatin1String("unpin");
        auto current = findAnyTier(userId, event.itemId);
        if (!current)
            return current.error();
        if (current->pinned == pinned)
            return Error{Error::Code::Conflict, QString()}; // a later action already put it back
        auto item = setPinned(userId, event.itemId, pinned);
        if (!item)
            return item.error();
        // setPinned logged its own event; that one is bookkeeping, not a new user action.
        auto latest =
            m_ctx->events.undoCandidates(userId, {pinned ? QStringLiteral("pin") : QStringLiteral("unpin")}, 1);
        if (latest && !latest->isEmpty())
            (void)m_ctx->events.markUndone(userId, latest->first().id);
        return QStringLiteral("Undid the %1 of %2 %3").arg(event.action, what, describe(item->toJson()));
    }
    // edit: put the "before" value back.
    if (event.itemType == itemtype::kFact) {
        auto before = itemjson::factFromJson(event.before, QStringLiteral("history"));
        if (!before)
            return before.error();
        auto current = m_ctx->facts.find(userId, event.itemId);
        if (!current)
            return current.error();
        current->object = before->object;
        current->source = before->source;
        current->confidence = before->confidence;
        current->updatedAt = m_ctx->clock.now();
        if (auto st = m_ctx->facts.update(*current); !st)
            return st.error();
        announceChanged(userId, Tier::Semantic, {event.itemId});
        return QStringLiteral("Undid the edit of fact %1").arg(describe(itemjson::toJson(*current)));
    }
    if (event.itemType == itemtype::kMessage) {
        const QString text = QString::fromStdString(event.before.value("model_content", std::string()));
        if (auto st = m_ctx->messages.setModelContent(userId, event.itemId, text); !st)
            return st.error();
        announceChanged(userId, Tier::Working, {event.itemId});
        return QStringLiteral("Undid the edit of message %1").arg(event.itemId);
    }
    auto e = m_ctx->episodes.find(userId, event.itemId);
    if (!e)
        return e.error();
    e->content = QString::fromStdString(event.before.value("content", std::string()));
    e->updatedAt = m_ctx->clock.now();
    if (auto st = m_ctx->episodes.update(*e); !st)
        return st.error();
    announceChanged(userId, tierOfEpisode(*e), {e->id});
    return QStringLiteral("Undid the edit of episode %1").arg(describe(itemjson::toJson(*e)));
}

Result<QString> MemoryService::undo(const QString& userId)
{
    m_held.hold(); // undoing a thousand deletes brings them back in one change
    auto undone = undoLatestAction(userId);
    announceHeld(undone.ok());
    return undone;
}

Result<QString> MemoryService::undoLatestAction(const QString& userId)
{
    if (auto st = purgeTrash(); !st)
        return st.error();
    auto candidates = m_ctx->events.undoCandidates(userId, kUndoable + kUndoBarriers, kUndoLookback);
    if (!candidates)
        return candidates.error();
    QSet<QString> triedGroups;
    for (const Event& event : *candidates) {
        if (kUndoBarriers.contains(event.action))
            break;
        QList<Event> action{event};
        if (!event.group.isEmpty()) { // every change of one action of the user, newest first
            if (triedGroups.contains(event.group))
                continue;
            triedGroups.insert(event.group);
            auto group = m_ctx->events.inGroup(userId, event.group, kUndoable);
            if (!group)
                return group.error();
            action = *group;
        }
        Transaction tx(*m_db);
        if (auto st = tx.begin(); !st)
            return st.error();
        QStringList reverted;
        for (const Event& e : std::as_const(action)) {
            auto done = undoEvent(userId, e);
            if (!done) {
                if (done.error().code == Error::Code::Conflict || done.error().code == Error::Code::NotFound)
                    continue; // this one can no longer be reverted
                return done.error();
            }
            if (auto st = m_ctx->events.markUndone(userId, e.id); !st)
                return st.error();
            if (auto st = m_ctx->record(userId, e.itemId, e.itemType, QStringLiteral("undo"), Actor::User); !st)
                return st.error();
            reverted.append(*done);
        }
        if (reverted.isEmpty())
            continue; // nothing of it can be reverted any more; try the one before
        if (auto st = tx.commit(); !st)
            return st.error();
        return reverted.size() == 1 ? reverted.constFirst()
                                    : QStringLiteral("Undid %1 changes of one action").arg(reverted.size());
    }
    return Error{Error::Code::NotFound, QStringLiteral("There is nothing to undo")};
}

Status MemoryService::asOneAction(const std::function<Status()>& changes)
{
    m_held.hold();
    const Status done = [&]() -> Status {
        Transaction tx(*m_db);
        if (auto st = tx.begin(); !st)
            return st;
        const QString outer = m_ctx->actionGroup; // an action inside another is part of it
        if (outer.isEmpty())
            m_ctx->actionGroup = newId();
        const auto restore = qScopeGuard([this, outer] { m_ctx->actionGroup = outer; });
        if (auto st = changes(); !st)
            return st;
        return tx.commit();
    }();
    announceHeld(done.ok());
    return done;
}

void MemoryService::announceChanged(const QString& userId, Tier tier, const QStringList& ids)
{
    if (m_held.holding())
        m_held.add(false, userId, tier, ids);
    else
        Q_EMIT itemsChanged(userId, tier, ids);
}

void MemoryService::announceRemoved(const QString& userId, Tier tier, const QStringList& ids)
{
    if (m_held.holding())
        m_held.add(true, userId, tier, ids);
    else
        Q_EMIT itemsRemoved(userId, tier, ids);
}

void MemoryService::announceHeld(bool committed)
{
    for (const HeldChanges::Notice& notice : m_held.release(committed)) {
        if (notice.removed)
            Q_EMIT itemsRemoved(notice.userId, notice.tier, notice.ids);
        else
            Q_EMIT itemsChanged(notice.userId, notice.tier, notice.ids);
    }
}

Status MemoryService::purgeTrash(bool all)
{
    const QDateTime cutoff = all ? QDateTime() : m_ctx->clock.now().addSecs(-60LL * m_ctx->config.undoMinutes);
    auto purged = m_ctx->events.purgeTrash(cutoff);
    if (!purged)
        return purged.error();
    if (*purged == 0)
        return {};
    // The undo period of deleted items is over: now drop their terms from the search index and
    // push the zeroed pages out of the WAL, so their text is gone from every file on disk.
    if (auto st = m_ctx->episodes.optimizeIndex(); !st)
        return st;
    if (auto st = m_ctx->facts.optimizeIndex(); !st)
        return st;
    return m_db->checkpoint();
}

} // namespace engram
