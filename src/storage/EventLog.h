#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>

#include <optional>

namespace engram {

class Database;

// The audit log: one event per change, and the short-lived trash that lets a delete be undone.
// A delete event never carries the deleted content; the trash holds it until it is purged.
class EventLog final
{
public:
    explicit EventLog(Database& db);

    Status append(const Event& event);
    // Deletes the user's whole log and trash; returns how many events went.
    Result<int> removeAllOf(const QString& userId);
    // Which of the event ids exist (for any user), mapped to their owner.
    Result<QHash<QString, QString>> owners(const QStringList& ids) const;
    Result<QList<Event>> forItem(const QString& userId, const QString& itemId) const;
    // The events of several items (e.g. every version of a fact), in the order they happened.
    Result<QList<Event>> forItems(const QString& userId, const QStringList& itemIds) const;
    // Erases the content (before/after) of an item's events: what is deleted is gone from the log too.
    Status scrub(const QString& userId, const QString& itemId);
    // The user's events, oldest first; limit -1 = all.
    Result<QList<Event>> forUser(const QString& userId, int limit = -1) const;
    // The user's own events whose action is in `actions` and that are not undone yet, newest first.
    Result<QList<Event>> undoCandidates(const QString& userId, const QStringList& actions, int limit) const;
    // The same for the events of one group (one action of the user), all of them.
    Result<QList<Event>> inGroup(const QString& userId, const QString& group, const QStringList& actions) const;
    Status markUndone(const QString& userId, const QString& eventId);

    // Keeps a deleted item's content for undo.
    Status putInTrash(const QString& userId, const QString& itemId, const QString& itemType, const QString& eventId,
                      const Json& payload, const QDateTime& now);
    // The content kept for a delete event; nullopt when it was purged.
    Result<std::optional<Json>> takeFromTrash(const QString& userId, const QString& eventId);
    // Erases trash older than `cutoff` (all of it with an invalid cutoff), and the before/after
    // values of those items' earlier events. Returns how many.
    Result<int> purgeTrash(const QDateTime& cutoff = {});

private:
    Result<QList<Event>> userEvents(const QString& userId, const QStringList& actions, const QString& group,
                                    int limit) const;

    Database& m_db;
    std::optional<QSqlQuery> m_insert;
};

} // namespace engram
