#include "storage/TableWrites.h"

#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/Sql.h"

namespace engram {

TableWrites::TableWrites(Database& db, const QString& table, const QStringList& columns)
    : m_db(db)
    , m_table(table)
    , m_columns(columns)
{}

Status TableWrites::start()
{
    const QString counter = m_table + QStringLiteral("_writes");
    const QString bump = QStringLiteral(" BEGIN UPDATE %1 SET n = n + 1; END").arg(counter);
    const QStringList statements{
        QStringLiteral("CREATE TABLE IF NOT EXISTS temp.%1(n INTEGER NOT NULL)").arg(counter),
        QStringLiteral("INSERT INTO temp.%1 SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.%1)").arg(counter),
        QStringLiteral("CREATE TEMP TRIGGER IF NOT EXISTS %1_inserted AFTER INSERT ON main.%2").arg(counter, m_table) +
            bump,
        QStringLiteral("CREATE TEMP TRIGGER IF NOT EXISTS %1_deleted AFTER DELETE ON main.%2").arg(counter, m_table) +
            bump,
        QStringLiteral("CREATE TEMP TRIGGER IF NOT EXISTS %1_updated AFTER UPDATE OF %3 ON main.%2")
                .arg(counter, m_table, m_columns.join(QStringLiteral(", "))) +
            bump,
    };
    for (const QString& statement : statements) {
        if (auto st = sql::execute(m_db.connection(), statement); !st)
            return st;
    }
    m_started = true;
    ++m_starts;
    return {};
}

Result<TableWrites::Version> TableWrites::version()
{
    // Where writes cannot be counted on the connection (a server, written by other clients at any
    // moment), every call is a new version: the cache reads the table again.
    if (!m_db.backend().countsOwnWrites())
        return Version{++m_starts, 0, 0};
    const QString statement = QStringLiteral("SELECT (SELECT n FROM temp.%1_writes), "
                                             "(SELECT data_version FROM pragma_data_version)")
                                  .arg(m_table);
    if (!m_started || !sql::tryRunCached(m_query, m_db.connection(), statement)) {
        // First use, or the temporary tables went with a rolled-back transaction: expected, so
        // the failed attempt is no SQL error in the log.
        m_query.reset();
        if (auto st = start(); !st)
            return st.error();
        if (auto st = sql::runCached(m_query, m_db.connection(), statement, {}); !st)
            return st.error();
    }
    Version v;
    if (m_query->next())
        v = Version{m_starts, m_query->value(0).toLongLong(), m_query->value(1).toLongLong()};
    m_query->finish();
    return v;
}

} // namespace engram
