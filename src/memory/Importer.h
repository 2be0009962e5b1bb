#pragma once

#include "core/Result.h"
#include "memory/MemoryDocument.h"

#include <QHash>
#include <QSet>

#include <optional>

namespace engram {

struct MemoryContext;

enum class ImportMode
{
    Merge,   // add what is new; items whose id the user already has are skipped
    Replace, // the user's memory becomes exactly the document's
};
QString enumName(ImportMode mode);
std::optional<ImportMode> importModeFromString(const QString& s);

struct ImportCounts
{
    int added{};
    int skipped{};
};

// What an import changed.
struct ImportReport
{
    ImportMode mode{ImportMode::Merge};
    ImportCounts conversations;
    ImportCounts messages;
    ImportCounts episodes;
    ImportCounts facts;
    ImportCounts events;
    int renumbered{};  // items given a new id because another user of this file owns theirs
    int madePending{}; // imported current facts that disagree with a current value: left for the user
    qint64 elapsedMs{};
    int added() const { return messages.added + episodes.added + facts.added; }
    int skipped() const { return messages.skipped + episodes.skipped + facts.skipped; }
};

// What copying a user's memory into another database did (MemoryService::copyUserTo).
struct MigrationReport
{
    ImportReport items;
    int tools{}; // AI tools whose access was copied
    int jobs{};  // memory jobs still to run, copied
};

// Writes a validated MemoryDocument into one user's memory in ONE transaction (all or nothing)
// with the stores' reused prepared statements, and logs an "import" event. Ids another user
// owns get new ones, consistently (a fact's superseded_by, an event's item_id follow).
class Importer final
{
public:
    explicit Importer(MemoryContext& ctx);

    Result<ImportReport> run(const QString& userId, MemoryDocument doc, ImportMode mode);

private:
    // How the document's ids of one kind meet the database's.
    struct IdPlan
    {
        QSet<QString> known;            // the user has them already: skipped
        QHash<QString, QString> newIds; // another user has them: renumbered
        QString mapped(const QString& id) const { return newIds.value(id, id); }
    };

    // Counts a known item as skipped (false), or makes it this user's: its id renumbered when
    // another user owns it, the import time when it has none.
    template <typename T>
    bool claim(T& item, const IdPlan& plan, ImportCounts& counts) const
    {
        if (plan.known.contains(item.id)) {
            ++counts.skipped;
            return false;
        }
        item.id = plan.mapped(item.id);
        item.userId = m_userId;
        if (!item.createdAt.isValid())
            item.createdAt = m_now;
        return true;
    }

    Status prepareUser(const MemoryDocument& doc, ImportMode mode);
    Status planIds(const MemoryDocument& doc);
    Status ensureConversation(const QString& id, const QDateTime& at);
    Status importConversations(QList<Conversation>& conversations);
    Status importMessages(QList<Message>& messages);
    Status importEpisodes(QList<Episode>& episodes);
    // The places in [from, to) of `items` whose ids the memory does not know but whose equal it
    // held before the import (its newest seq `before`; Store::held), each mapped to that one's id.
    template <typename T, typename Store>
    Result<QHash<qsizetype, QString>> heldAmong(const Store& store, const QList<T>& items, qsizetype from, qsizetype to,
                                                qint64 before) const;
    // Skips `item` at `place` when `held` has it: counted as known, its id naming the held one.
    template <typename T>
    bool skipHeld(T& item, qsizetype place, const QHash<qsizetype, QString>& held, ImportCounts& counts);
    Status matchHeldFacts(const QList<Fact>& facts);
    Status importFacts(QList<Fact>& facts);
    Status importEvents(QList<Event>& events);

    MemoryContext& m_ctx;
    QString m_userId;
    QDateTime m_now;
    IdPlan m_items;
    // The document's episodes and facts the memory holds already, whatever their ids (a file
    // without ids read twice): skipped, and their events with them.
    QSet<QString> m_held;
    IdPlan m_conversationIds;
    IdPlan m_eventIds;
    QSet<QString> m_conversations; // the user's conversations, as the import goes
    QString m_looseConversation;   // holds imported messages that name no conversation
    ImportReport m_report;
};

} // namespace engram
