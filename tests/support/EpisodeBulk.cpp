#include "EpisodeBulk.h"

#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/Sql.h"

namespace engram::test {

bool insertIntoOlderSchema(Database& db, const QList<Episode>& episodes)
{
    const QSqlDatabase& c = db.connection();
    if (!sql::execute(c, QStringLiteral("ALTER TABLE episodes ADD COLUMN origin TEXT NOT NULL DEFAULT 'conversation'")))
        return false;
    EpisodeStore store(db);
    bool stored = true;
    for (const Episode& e : episodes)
        stored = stored && store.insert(e);
    return sql::execute(c, QStringLiteral("ALTER TABLE episodes DROP COLUMN origin")) && stored;
}

Episode newEpisode(const QString& userId, const QString& text, const QDateTime& at)
{
    Episode e;
    e.id = newId();
    e.userId = userId;
    e.content = text;
    e.createdAt = e.updatedAt = e.lastAccessAt = at;
    return e;
}

QStringList contentsOf(const QList<EpisodeHit>& hits)
{
    QStringList list;
    for (const EpisodeHit& h : hits)
        list.append(h.episode.content);
    return list;
}

QStringList insertEpisodes(MemoryService& service, const QString& userId, int count, const QDateTime& end,
                           const QString& pattern, ItemStatus status)
{
    if (!service.ensureUser(userId))
        qFatal("cannot create user");
    EpisodeStore store(service.database());
    Transaction tx(service.database());
    if (!tx.begin())
        qFatal("cannot begin a transaction");
    QStringList ids;
    ids.reserve(count);
    for (int i = 0; i < count; ++i) {
        Episode e;
        e.id = newId();
        e.userId = userId;
        e.content = pattern.arg(i, 6, 10, QLatin1Char('0'));
        e.response = QStringLiteral("reply %1").arg(i);
        e.status = status;
        e.createdAt = end.addSecs(-60LL * (count - i));
        if (status == ItemStatus::Archived)
            e.archivedAt = e.createdAt;
        if (auto st = store.insert(e); !st)
            qFatal("cannot insert episode: %s", qPrintable(st.errorMessage()));
        ids.append(e.id);
    }
    if (!tx.commit())
        qFatal("cannot commit episodes");
    return ids;
}

} // namespace engram::test
