#include "TestSupport.h"

#include "storage/Sql.h"

#include <QDir>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

namespace engram::test {

TempDatabase::TempDatabase()
    : m_location(m_dir.path())
{
    reopen();
}

void TempDatabase::reopen()
{
    m_db.reset();
    auto opened = Database::open(m_location.location());
    if (!opened)
        qFatal("cannot open test database: %s", qPrintable(opened.errorMessage()));
    m_db = std::move(opened).value();
}

void TempDatabase::close()
{
    m_db.reset();
}

namespace {

QByteArray serverRows(const QString& url)
{
    auto location = MemoryLocation::parse(url);
    if (!location)
        qFatal("not a server URL: %s", qPrintable(url));
    auto db = Database::open(*location, Database::Access::ReadOnly);
    if (!db)
        qFatal("cannot read %s: %s", qPrintable(url), qPrintable(db.errorMessage()));
    QByteArray all;
    QSqlQuery tables((*db)->connection());
    if (!tables.exec(QStringLiteral("SELECT table_name FROM information_schema.tables "
                                    "WHERE table_schema = current_schema() ORDER BY table_name")))
        qFatal("cannot list the tables: %s", qPrintable(tables.lastError().text()));
    while (tables.next()) {
        QSqlQuery rows((*db)->connection());
        if (!rows.exec(QStringLiteral("SELECT t::text FROM %1 t").arg(tables.value(0).toString())))
            qFatal("cannot read %s: %s", qPrintable(tables.value(0).toString()), qPrintable(rows.lastError().text()));
        while (rows.next())
            all += rows.value(0).toString().toUtf8() + '\n';
    }
    return all;
}

} // namespace

bool indexIsIntact(Database& db)
{
    if (!db.isServer())
        return sql::execute(db.connection(),
                            QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('integrity-check')"))
            .ok();
    const QString terms = QStringLiteral("SELECT user_id, term, docs FROM episode_terms WHERE docs <> 0");
    // Every lexeme of the vectors but the owner's (a space and the md5 of the user id).
    const QString recounted = QStringLiteral("SELECT e.user_id, u.lexeme, count(*) FROM episodes e, "
                                             "unnest(e.search_vector) u WHERE u.lexeme NOT LIKE ' %' GROUP BY 1, 2");
    const QString stats = QStringLiteral("SELECT user_id, docs, tokens FROM episode_stats WHERE docs <> 0");
    const QString restated =
        QStringLiteral("SELECT user_id, count(*), sum(search_length) FROM episodes GROUP BY user_id");
    auto differences = sql::scalar(db.connection(), QStringLiteral("SELECT (SELECT count(*) FROM (%1 EXCEPT %2) a) + "
                                                                   "(SELECT count(*) FROM (%2 EXCEPT %1) b) + "
                                                                   "(SELECT count(*) FROM (%3 EXCEPT %4) c) + "
                                                                   "(SELECT count(*) FROM (%4 EXCEPT %3) d)")
                                                        .arg(terms, recounted, stats, restated));
    if (!differences)
        qWarning() << differences.errorMessage();
    return differences && differences->toLongLong() == 0;
}

bool refuseInserts(Database& db, const QString& table)
{
    if (!db.isServer())
        return sql::execute(db.connection(),
                            QStringLiteral("CREATE TEMP TRIGGER refuse_%1 BEFORE INSERT ON main.%1 "
                                           "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
                                .arg(table))
            .ok();
    return sql::execute(db.connection(), QStringLiteral("CREATE OR REPLACE FUNCTION engram_test_refuse() RETURNS "
                                                        "trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION "
                                                        "'could not extend file: No space left on device'; END $$"))
               .ok() &&
           sql::execute(db.connection(), QStringLiteral("CREATE TRIGGER refuse_%1 BEFORE INSERT ON %1 FOR EACH ROW "
                                                        "EXECUTE FUNCTION engram_test_refuse()")
                                             .arg(table))
               .ok();
}

QByteArray rawDatabaseBytes(const QString& path)
{
    if (path.startsWith(QLatin1String("postgresql://")))
        return serverRows(path);
    QByteArray all;
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QFile f(path + suffix);
        if (f.open(QIODevice::ReadOnly))
            all += f.readAll();
    }
    return all;
}

QString sourceDir()
{
    const QString env = qEnvironmentVariable("ENGRAM_SOURCE_DIR");
    return env.isEmpty() ? QDir::currentPath() : env;
}

QString sharedDir()
{
    return QDir(sourceDir()).absoluteFilePath(QStringLiteral("../shared"));
}

} // namespace engram::test
