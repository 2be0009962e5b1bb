#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "storage/TextIndex.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>

#include <functional>
#include <memory>
#include <optional>

namespace engram {

class Database;

struct FactFilter
{
    QList<ItemStatus> statuses{ItemStatus::Active, ItemStatus::Pending}; // empty = any
    bool pinnedOnly{};
    int offset{};
    int limit{-1};
    // Fill in only the id, user, triple, status and pin: what a prompt's profile needs. A turn
    // reads up to a few hundred facts, and the rest of each row is most of the cost.
    bool tripleOnly{};
};

struct FactHit
{
    Fact fact;
    double score{};
};

// Facts (every version of every subject–predicate key) and their FTS5 index.
class FactStore final
{
public:
    explicit FactStore(Database& db);
    ~FactStore();

    // Case- and width-insensitive form of a subject or predicate, used as the key.
    static QString normalizeKey(const QString& text);
    // Whether two values of a key say the same (compared as keys are).
    static bool sameValue(const QString& a, const QString& b) { return normalizeKey(a) == normalizeKey(b); }

    Status insert(const Fact& fact);
    Status update(const Fact& fact);
    Status remove(const QString& userId, const QString& id);
    // Deletes every fact (every version) of the user; returns how many.
    Result<int> removeAllOf(const QString& userId);
    // Merges the FTS5 segments, so terms of deleted rows leave the index's pages too.
    Status optimizeIndex();
    // Which of `ids` exist (for any user), mapped to their owner.
    Result<QHash<QString, QString>> owners(const QStringList& ids) const;

    Result<Fact> find(const QString& userId, const QString& id) const;
    // The active fact of a key, if any.
    Result<std::optional<Fact>> current(const QString& userId, const QString& subject, const QString& predicate) const;
    // Every version of a key, oldest first (superseded, current, pending, rejected, deleted).
    Result<QList<Fact>> lineage(const QString& userId, const QString& subject, const QString& predicate) const;
    Result<QList<Fact>> list(const QString& userId, const FactFilter& filter = {}) const;
    // Calls `visit` with each fact of list()'s order until it returns false; the rows after that
    // are never converted (a prompt's profile stops reading once its budget is spent).
    Status forEach(const QString& userId, const FactFilter& filter,
                   const std::function<bool(const Fact&)>& visit) const;
    Result<int> count(const QString& userId, const FactFilter& filter = {}) const;
    // A user's active facts for weighted terms, best first (ties: the newest).
    Result<QList<FactHit>> search(const QString& userId, const QList<SearchTerm>& terms, int limit) const;
    Status touch(const QString& userId, const QStringList& ids, const QDateTime& now);

private:
    Database& m_db;
    std::optional<QSqlQuery> m_insert;
    std::optional<QSqlQuery> m_touch;
    std::unique_ptr<FactTextIndex> m_index;
};

} // namespace engram
