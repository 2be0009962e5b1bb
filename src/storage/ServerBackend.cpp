#include "storage/ServerBackend.h"

#include "storage/ServerSchema.h"
#include "storage/ServerTextIndex.h"
#include "storage/Sql.h"

#include <QSqlDriver>
#include <QSqlError>

namespace engram {
namespace {

const QString kChannel = QStringLiteral("engram_changes");

} // namespace

ServerBackend::ServerBackend()
    : m_changes(std::make_shared<qint64>(0))
{}

const std::vector<QStringList>& ServerBackend::migrations() const
{
    return serverMigrations();
}

Result<int> ServerBackend::schemaVersion(const QSqlDatabase& db) const
{
    auto meta = sql::scalar(db, QStringLiteral("SELECT to_regclass('engram_meta') IS NOT NULL"));
    if (!meta)
        return meta.error();
    if (!meta->toBool())
        return 0;
    auto app = sql::scalar(db, QStringLiteral("SELECT value FROM engram_meta WHERE key = 'application'"));
    if (!app)
        return app.error();
    if (app->toString() != QLatin1String("engram"))
        return Error{Error::Code::NotEngram,
                     QStringLiteral("The database holds an engram_meta table of another program; it was left "
                                    "untouched.")};
    auto version = sql::scalar(db, QStringLiteral("SELECT value FROM engram_meta WHERE key = 'schema_version'"));
    if (!version)
        return version.error();
    return version->isValid() ? version->toInt() : 0;
}

Status ServerBackend::setSchemaVersion(const QSqlDatabase& db, int version) const
{
    return sql::execute(db,
                        QStringLiteral("INSERT INTO engram_meta (key, value) VALUES ('schema_version', ?) "
                                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
                        {QString::number(version)});
}

Status ServerBackend::lockSchema(const QSqlDatabase& db) const
{
    // Released at the end of the transaction. The key is Engram's own, in this database only.
    return sql::execute(db, QStringLiteral("SELECT pg_advisory_xact_lock(hashtext('engram schema'))"));
}

QString ServerBackend::userTablesStatement() const
{
    // The search statistics are the index's own (as FTS5's tables are): triggers keep them.
    return QStringLiteral("SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() "
                          "AND column_name = 'user_id' AND table_name NOT IN ('episode_terms', 'episode_stats') "
                          "ORDER BY table_name");
}

qint64 ServerBackend::dataVersion(const QSqlDatabase&) const
{
    return *m_changes;
}

Status ServerBackend::listen(const QSqlDatabase& db)
{
    QSqlDriver* driver = db.driver();
    // A connection made anew listens to nothing (the driver forgets its subscriptions on close).
    if (!driver->subscribedToNotifications().contains(kChannel) && !driver->subscribeToNotification(kChannel))
        return Error::database(
            QStringLiteral("Cannot listen for changes of other clients: %1").arg(driver->lastError().text()));
    std::shared_ptr<qint64> changes = m_changes;
    QObject::connect(driver, &QSqlDriver::notification, driver,
                     [changes](const QString& name, QSqlDriver::NotificationSource source, const QVariant&) {
                         if (name == kChannel && source == QSqlDriver::OtherSource)
                             ++*changes;
                     });
    return {};
}

std::unique_ptr<EpisodeTextIndex> ServerBackend::episodeIndex(Database& db) const
{
    return std::make_unique<ServerEpisodeIndex>(db);
}

std::unique_ptr<FactTextIndex> ServerBackend::factIndex(Database& db) const
{
    return std::make_unique<ServerFactIndex>(db);
}

} // namespace engram
