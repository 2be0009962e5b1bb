#include "memory/Importer.h"

#include "memory/MemoryContext.h"
#include "memory/MemoryEraser.h"

#include <QElapsedTimer>

namespace engram {
namespace {

template <typename T>
QStringList idsOf(const QList<T>& items)
{
    QStringList ids;
    ids.reserve(items.size());
    for (const T& item : items)
        ids.append(item.id);
    return ids;
}

// An item written to the database is not needed again: its text is freed at once, so that
// SQLite's pages reuse that memory instead of adding to it (a large import's peak).
template <typename T>
void release(T& item)
{
    item = T{};
}

Status plan(const Result<QHash<QString, QString>>& owners, const QString& userId, QSet<QString>& known,
            QHash<QString, QString>& newIds)
{
    if (!owners)
        return owners.error();
    for (auto it = owners->cbegin(); it != owners->cend(); ++it) {
        if (it.value() == userId)
            known.insert(it.key());
        else
            newIds.insert(it.key(), newId());
    }
    return {};
}

} // namespace

QString enumName(ImportMode mode)
{
    return mode == ImportMode::Replace ? QStringLiteral("replace") : QStringLiteral("merge");
}

std::optional<ImportMode> importModeFromString(const QString& s)
{
    if (s == QLatin1String("merge"))
        return ImportMode::Merge;
    if (s == QLatin1String("replace"))
        return ImportMode::Replace;
    return std::nullopt;
}

Importer::Importer(MemoryContext& ctx)
    : m_ctx(ctx)
{}

Result<ImportReport> Importer::run(const QString& userId, MemoryDocument doc, ImportMode mode)
{
    QElapsedTimer timer;
    timer.start();
    m_userId = userId;
    m_now = m_ctx.clock.now();
    m_report = ImportReport{};
    m_report.mode = mode;

    Transaction tx(m_ctx.db);
    if (auto st = tx.begin(); !st)
        return st.error();
    Status st = prepareUser(doc, mode);
    if (st && mode == ImportMode::Replace) {
        auto erased = MemoryEraser(m_ctx).eraseRows(userId);
        if (!erased)
            st = erased.error();
    }
    if (st)
        st = planIds(doc);
    if (st)
        st = importConversations(doc.conversations);
    if (st)
        st = importMessages(doc.messages);
    if (st)
        st = importEpisodes(doc.episodes);
    if (st)
        st = importFacts(doc.facts);
    if (st)
        st = importEvents(doc.events);
    if (!st)
        return st.error();

    Json after = Json::object();
    after["mode"] = enumName(mode).toStdString();
    after["added"] = m_report.added();
    after["skipped"] = m_report.skipped();
    if (auto rec = m_ctx.record(userId, QString(), QStringLiteral("memory"), QStringLiteral("import"), Actor::User,
                                nullptr, after);
        !rec)
        return rec.error();
    if (auto done = tx.commit(); !done)
        return done.error();
    m_report.elapsedMs = timer.elapsed();
    return m_report;
}

Status Importer::prepareUser(const MemoryDocument& doc, ImportMode mode)
{
    auto user = m_ctx.users.ensure(m_userId, doc.user.displayName, m_now);
    if (!user)
        return user.error();
    if (mode == ImportMode::Replace && !doc.user.displayName.isEmpty() && doc.user.displayName != user->displayName)
        return m_ctx.users.rename(m_userId, doc.user.displayName);
    return {};
}

Status Importer::planIds(const MemoryDocument& doc)
{
    m_items = {};
    m_conversationIds = {};
    m_eventIds = {};
    m_conversations.clear();
    m_looseConversation.clear();
    m_held.clear();

    QStringList conversationIds = idsOf(doc.conversations);
    for (const Message& m : doc.messages) {
        if (!m.conversationId.isEmpty())
            conversationIds.append(m.conversationId);
    }
    conversationIds.removeDuplicates();

    Status st = plan(m_ctx.users.conversationOwners(conversationIds), m_userId, m_conversationIds.known,
                     m_conversationIds.newIds);
    if (st)
        st = plan(m_ctx.messages.owners(idsOf(doc.messages)), m_userId, m_items.known, m_items.newIds);
    if (st)
        st = plan(m_ctx.episodes.owners(idsOf(doc.episodes)), m_userId, m_items.known, m_items.newIds);
    if (st)
        st = plan(m_ctx.facts.owners(idsOf(doc.facts)), m_userId, m_items.known, m_items.newIds);
    if (st)
        st = plan(m_ctx.events.owners(idsOf(doc.events)), m_userId, m_eventIds.known, m_eventIds.newIds);
    m_conversations = m_conversationIds.known;
    m_report.renumbered =
        static_cast<int>(m_items.newIds.size() + m_conversationIds.newIds.size() + m_eventIds.newIds.size());
    return st;
}

Status Importer::ensureConversation(const QString& id, const QDateTime& at)
{
    if (m_conversations.contains(id))
        return {};
    Conversation c;
    c.id = id;
    c.userId = m_userId;
    c.title = QStringLiteral("Imported conversation");
    c.createdAt = c.updatedAt = at;
    if (auto created = m_ctx.users.createConversation(c); !created)
        return created.error();
    m_conversations.insert(id);
    ++m_report.conversations.added;
    return {};
}

template <typename T, typename Store>
Result<QHash<qsizetype, QString>> Importer::heldAmong(const Store& store, const QList<T>& items, qsizetype from,
                                                      qsizetype to, qint64 before) const
{
    QHash<qsizetype, QString> held;
    if (before <= 0)
        return held;
    QList<qsizetype> places;
    QList<T> unknown;
    for (qsizetype i = from; i < to; ++i) {
        if (!m_items.known.contains(items.at(i).id)) {
            places.append(i);
            unknown.append(items.at(i));
        }
    }
    auto found = store.held(m_userId, unknown, before);
    if (!found)
        return found.error();
    for (auto it = found->cbegin(); it != found->cend(); ++it)
        held.insert(places.at(it.key()), it.value());
    return held;
}

template <typename T>
bool Importer::skipHeld(T& item, qsizetype place, const QHash<qsizetype, QString>& held, ImportCounts& counts)
{
    const auto it = held.constFind(place);
    if (it == held.cend())
        return false;
    m_held.insert(item.id);
    m_items.newIds.insert(item.id, *it);
    ++counts.skipped;
    release(item);
    return true;
}

Status Importer::importConversations(QList<Conversation>& conversations)
{
    for (Conversation& c : conversations) {
        if (!claim(c, m_conversationIds, m_report.conversations))
            continue;
        if (!c.updatedAt.isValid())
            c.updatedAt = c.createdAt;
        if (auto created = m_ctx.users.createConversation(c); !created)
            return created.error();
        m_conversations.insert(c.id);
        ++m_report.conversations.added;
    }
    return {};
}

Status Importer::importMessages(QList<Message>& messages)
{
    // A message equal to one the memory held before the import (role, time, text) is known
    // whatever its id and conversation, as an episode is (importEpisodes).
    auto before = m_ctx.messages.lastSeq(m_userId);
    if (!before)
        return before.error();
    auto held = heldAmong(m_ctx.messages, messages, 0, messages.size(), *before);
    if (!held)
        return held.error();
    for (qsizetype i = 0; i < messages.size(); ++i) {
        Message& m = messages[i];
        if (skipHeld(m, i, *held, m_report.messages))
            continue;
        if (!claim(m, m_items, m_report.messages))
            continue;
        if (m.conversationId.isEmpty()) {
            if (m_looseConversation.isEmpty())
                m_looseConversation = newId();
            m.conversationId = m_looseConversation;
        } else {
            m.conversationId = m_conversationIds.mapped(m.conversationId);
        }
        if (auto st = ensureConversation(m.conversationId, m.createdAt); !st)
            return st;
        if (auto st = m_ctx.messages.insert(m); !st)
            return st;
        release(m);
        ++m_report.messages.added;
    }
    return {};
}

Status Importer::importEpisodes(QList<Episode>& episodes)
{
    if (episodes.isEmpty())
        return {};
    if (auto st = m_ctx.episodes.beginBulkLoad(); !st)
        return st;
    // What the memory held before: an episode of the document equal to one of those (the same
    // kind, time, message and reply) is known whatever its id, so that a chat history without
    // ids imported twice is there once. Two equal ones in the document both go in.
    auto before = m_ctx.episodes.lastSeq(m_userId);
    if (!before)
        return before.error();
    // Written many rows a statement (EpisodeStore::insertAll): one round trip for each
    // kEpisodesPerWrite, not one a row.
    constexpr qsizetype kEpisodesPerWrite = 1000;
    QList<Episode> batch;
    const auto flush = [&]() -> Status {
        if (batch.isEmpty())
            return {};
        if (auto st = m_ctx.episodes.insertAll(batch); !st)
            return st;
        m_report.episodes.added += static_cast<int>(batch.size());
        batch.clear();
        return {};
    };
    QHash<qsizetype, QString> held;
    for (qsizetype i = 0; i < episodes.size(); ++i) {
        if (i % kEpisodesPerWrite == 0) {
            if (auto st = flush(); !st)
                return st;
            auto found =
                heldAmong(m_ctx.episodes, episodes, i, std::min(episodes.size(), i + kEpisodesPerWrite), *before);
            if (!found)
                return found.error();
            held = std::move(*found);
        }
        Episode& e = episodes[i];
        if (skipHeld(e, i, held, m_report.episodes))
            continue;
        if (!claim(e, m_items, m_report.episodes))
            continue;
        e.conversationId = m_conversationIds.mapped(e.conversationId);
        e.origin = EpisodeOrigin::Import;
        if (!e.updatedAt.isValid())
            e.updatedAt = e.createdAt;
        if (!e.lastAccessAt.isValid())
            e.lastAccessAt = e.createdAt;
        // An archived episode without its archive time would be purged at once.
        if (e.status == ItemStatus::Archived && !e.archivedAt.isValid())
            e.archivedAt = m_now;
        batch.append(std::move(e));
        release(e);
    }
    if (auto st = flush(); !st)
        return st;
    return m_ctx.episodes.finishBulkLoad();
}

// A current or waiting fact of the document whose key's current value in the memory says the
// same is the memory's already: a file without ids (which each reading gives new ones) imported
// a second time, or a fact two devices learned each. It is counted as already known rather than
// added as a pending duplicate that "disagrees" with its own value; what the document says of
// it elsewhere (a value it superseded) names the memory's fact, and its own history is the
// other copy's, left out.
Status Importer::matchHeldFacts(const QList<Fact>& facts)
{
    for (const Fact& f : facts) {
        if (m_items.known.contains(f.id) || (f.status != ItemStatus::Active && f.status != ItemStatus::Pending))
            continue;
        auto current = m_ctx.facts.current(m_userId, f.subject, f.predicate);
        if (!current)
            return current.error();
        if (*current && FactStore::sameValue((*current)->object, f.object)) {
            m_held.insert(f.id);
            m_items.newIds.insert(f.id, (*current)->id);
        }
    }
    return {};
}

Status Importer::importFacts(QList<Fact>& facts)
{
    if (auto st = matchHeldFacts(facts); !st)
        return st;
    for (Fact& f : facts) {
        if (m_held.contains(f.id)) {
            ++m_report.facts.skipped;
            continue;
        }
        if (!claim(f, m_items, m_report.facts))
            continue;
        f.supersededBy = m_items.mapped(f.supersededBy);
        f.messageId = m_items.mapped(f.messageId);
        f.conversationId = m_conversationIds.mapped(f.conversationId);
        if (!f.validFrom.isValid())
            f.validFrom = f.createdAt;
        if (!f.updatedAt.isValid())
            f.updatedAt = f.createdAt;
        if (!f.lastAccessAt.isValid())
            f.lastAccessAt = f.createdAt;
        if (f.status == ItemStatus::Active) {
            // One current value per key: an imported value that meets another one waits for the user.
            auto current = m_ctx.facts.current(m_userId, f.subject, f.predicate);
            if (!current)
                return current.error();
            if (*current) {
                f.status = ItemStatus::Pending;
                ++m_report.madePending;
            }
        }
        if (auto st = m_ctx.facts.insert(f); !st)
            return st;
        release(f);
        ++m_report.facts.added;
    }
    return {};
}

Status Importer::importEvents(QList<Event>& events)
{
    for (Event& e : events) {
        if (m_held.contains(e.itemId)) {
            ++m_report.events.skipped;
            continue;
        }
        if (!claim(e, m_eventIds, m_report.events))
            continue;
        e.itemId = m_items.mapped(e.itemId);
        if (auto st = m_ctx.events.append(e); !st)
            return st;
        release(e);
        ++m_report.events.added;
    }
    return {};
}

} // namespace engram
