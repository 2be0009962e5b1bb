#include "EpisodeBulk.h"

#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/Sql.h"

#include <QUuid>

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

QByteArray chatHistory(int count)
{
    const QStringList words = QStringLiteral("deploy release garden recipe coffee budget travel doctor review "
                                             "我们 今天 讨论 接口 数据库 备份 会议 旅行 项目 咖啡")
                                  .split(QLatin1Char(' '));
    const auto sentence = [&](int seed) {
        QStringList picked;
        for (int w = 0; w < 40; ++w)
            picked.append(words.at((seed * 7 + w * w * 3 + w) % words.size()) + QString::number((seed + w) % 50));
        return picked.join(QLatin1Char(' ')).toStdString();
    };
    Json doc = Json::object();
    doc["format"] = "engram-memory";
    doc["version"] = 1;
    doc["episodes"] = Json::array();
    const QDateTime start(QDate(2026, 1, 1), QTime(9, 0), Qt::UTC);
    for (int i = 0; i < count; ++i) {
        const int day = i / 10;
        doc["episodes"].push_back(
            {{"content", sentence(i)},
             {"response", sentence(i + 1)},
             {"conversation_id",
              QUuid::createUuidV5(QUuid(), QString::number(day)).toString(QUuid::WithoutBraces).toStdString()},
             {"created_at", start.addDays(day).addSecs(60 * (i % 10)).toString(Qt::ISODate).toStdString()}});
    }
    return QByteArray::fromStdString(doc.dump());
}

} // namespace engram::test
