// Fuzzes the import of an engram-memory document through MemoryService::importDocument, into a
// SQLite database created once per process (in /dev/shm when there is one) that already holds a
// known memory for the importing user "fuzz" and for another user, "other".
// Per input (merge for an even length, replace for an odd one):
// - a refused document changed nothing: every row of every table (all users, the audit log, the
//   FTS indexes) hashes the same before and after;
// - an accepted one never touched the other user's rows, and the memory it left exports to a
//   document that imports again (what Engram writes, Engram reads).
// After an accepted document the user's memory is put back to the known one (a replace import).
#include "FuzzSupport.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDir>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("fuzz");
const QString kOther = QStringLiteral("other");

// The memory "fuzz" starts from: a conversation, messages, episodes, facts with a superseded
// version, events. Ids of "other" appear too, so renumbering is exercised from the first input.
const char* const kBaseline = R"({"format":"engram-memory","version":1,
 "user":{"id":"fuzz","display_name":"Fuzz"},
 "conversations":[{"id":"c0000000-0000-4000-8000-000000000001","title":"Plans",
   "created_at":"2026-01-05T08:00:00.000Z","updated_at":"2026-01-05T08:10:00.000Z"}],
 "working":[
  {"id":"a0000000-0000-4000-8000-000000000001","conversation_id":"c0000000-0000-4000-8000-000000000001",
   "role":"user","content":"I moved to Hangzhou last spring","window_state":"window","status":"complete",
   "created_at":"2026-01-05T08:00:00.000Z"},
  {"id":"a0000000-0000-4000-8000-000000000002","conversation_id":"c0000000-0000-4000-8000-000000000001",
   "role":"assistant","content":"Noted.","window_state":"window","status":"complete",
   "created_at":"2026-01-05T08:00:05.000Z","metadata":{"reply_to":"a0000000-0000-4000-8000-000000000001"}}],
 "episodes":[
  {"id":"e0000000-0000-4000-8000-000000000001","kind":"exchange","content":"接口限流怎么改？",
   "response":"改成令牌桶","status":"active","importance":0.5,"created_at":"2026-01-06T09:00:00.000Z"},
  {"id":"e0000000-0000-4000-8000-000000000002","kind":"summary","topic":"deploy","content":"Deploys go out on Fridays",
   "status":"archived","created_at":"2026-01-07T09:00:00.000Z","archived_at":"2026-02-07T09:00:00.000Z"}],
 "facts":[
  {"id":"f0000000-0000-4000-8000-000000000001","subject":"user","predicate":"location","object":"Beijing",
   "confidence":0.9,"status":"superseded","superseded_by":"f0000000-0000-4000-8000-000000000002",
   "created_at":"2025-06-01T00:00:00.000Z"},
  {"id":"f0000000-0000-4000-8000-000000000002","subject":"user","predicate":"location","object":"Hangzhou",
   "confidence":0.95,"status":"active","source":"user_input","pinned":true,"created_at":"2026-01-05T08:00:00.000Z"},
  {"id":"f0000000-0000-4000-8000-000000000003","subject":"user","predicate":"job","object":"backend developer",
   "confidence":0.6,"status":"pending","source":"llm_extract","created_at":"2026-01-05T08:00:00.000Z"}],
 "events":[
  {"id":"b0000000-0000-4000-8000-000000000001","item_id":"f0000000-0000-4000-8000-000000000002","item_type":"fact",
   "action":"create","actor":"user","before":null,"after":{"object":"Hangzhou"},"created_at":"2026-01-05T08:00:00.000Z"}]
})";

const char* const kOtherMemory = R"({"format":"engram-memory","version":1,
 "episodes":[{"id":"00000000-0000-4000-8000-0000000000aa","content":"other user's episode","created_at":"2026-01-01T00:00:00Z"}],
 "facts":[{"id":"00000000-0000-4000-8000-0000000000bb","subject":"user","predicate":"name","object":"Other",
   "status":"active","created_at":"2026-01-01T00:00:00Z"}],
 "working":[{"id":"00000000-0000-4000-8000-0000000000cc","role":"user","content":"hello from other"}]
})";

class Fixture final
{
public:
    Fixture()
        : m_dir(QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm/engram-fuzz-XXXXXX")
                                                          : QDir::tempPath() + QStringLiteral("/engram-fuzz-XXXXXX"))
        , m_clock(QDateTime(QDate(2026, 12, 1), QTime(12, 0), Qt::UTC))
    {
        if (!m_dir.isValid())
            fuzz::fail("a temporary folder", m_dir.errorString());
        auto service = MemoryService::open(m_dir.filePath(QStringLiteral("fuzz.sqlite")), MemoryConfig{}, m_clock);
        if (!service)
            fuzz::fail("the fuzz database opens", service.errorMessage());
        m_service = std::move(service).value();
        if (auto r = m_service->importDocument(kOther, QByteArray(kOtherMemory), ImportMode::Replace); !r)
            fuzz::fail("the other user's memory imports", r.errorMessage());
        resetUser();
        m_userTables = tablesWithUserId();
    }

    MemoryService& service() { return *m_service; }

    // Every row of every table, hashed.
    QByteArray databaseHash() const { return hashRows(allTables(), {}); }
    // Every row of the other user.
    QByteArray otherUserHash() const { return hashRows(m_userTables, kOther); }

    void resetUser()
    {
        if (auto r = m_service->importDocument(kUser, QByteArray(kBaseline), ImportMode::Replace); !r)
            fuzz::fail("the baseline memory imports", r.errorMessage());
        m_stateHash = databaseHash();
    }
    const QByteArray& stateHash() const { return m_stateHash; }

private:
    QSqlQuery query(const QString& sql) const
    {
        QSqlQuery q(m_service->database().connection());
        if (!q.exec(sql))
            fuzz::fail("a snapshot query runs", sql);
        return q;
    }

    QStringList allTables() const
    {
        QStringList names;
        QSqlQuery q = query(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
        while (q.next())
            names.append(q.value(0).toString());
        return names;
    }

    QStringList tablesWithUserId() const
    {
        QStringList names;
        for (const QString& table : allTables()) {
            QSqlQuery q =
                query(QStringLiteral("SELECT 1 FROM pragma_table_info('%1') WHERE name = 'user_id'").arg(table));
            if (q.next())
                names.append(table);
        }
        return names;
    }

    QString orderOfAllColumns(const QString& table) const
    {
        QStringList columns;
        QSqlQuery q = query(QStringLiteral("SELECT cid + 1 FROM pragma_table_info('%1') ORDER BY cid").arg(table));
        while (q.next())
            columns.append(q.value(0).toString());
        return columns.join(QLatin1Char(','));
    }

    QByteArray hashRows(const QStringList& tables, const QString& userId) const
    {
        QCryptographicHash hash(QCryptographicHash::Sha256);
        for (const QString& table : tables) {
            hash.addData(table.toUtf8());
            QString sql = QStringLiteral("SELECT * FROM \"%1\"").arg(table);
            if (!userId.isEmpty())
                // Every column in order: some tables are WITHOUT ROWID, and a row's place must not
                // depend on how it was stored.
                sql += QStringLiteral(" WHERE user_id = '%1' ORDER BY %2").arg(userId, orderOfAllColumns(table));
            QSqlQuery q = query(sql);
            while (q.next()) {
                const QSqlRecord record = q.record();
                for (int i = 0; i < record.count(); ++i) {
                    const QVariant v = record.value(i);
                    hash.addData(QByteArray(QByteArray::number(v.typeId()) + ':' + v.toByteArray() + '\x1f'));
                }
                hash.addData(QByteArrayView("\x1e"));
            }
        }
        return hash.result();
    }

    QTemporaryDir m_dir;
    ManualClock m_clock;
    std::unique_ptr<MemoryService> m_service;
    QStringList m_userTables;
    QByteArray m_stateHash;
};

Fixture& fixture()
{
    static Fixture* f = new Fixture; // lives as long as the process
    return *f;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    fixture();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    Fixture& f = fixture();
    const QByteArray otherBefore = f.otherUserHash();
    const ImportMode mode = size % 2 ? ImportMode::Replace : ImportMode::Merge;
    const auto report = f.service().importDocument(kUser, fuzz::bytes(data, size), mode);
    if (!report) {
        if (f.databaseHash() != f.stateHash())
            fuzz::fail("a refused document changes nothing", report.errorMessage());
        return 0;
    }
    if (f.otherUserHash() != otherBefore)
        fuzz::fail("an import never touches another user's rows");
    QBuffer exported;
    exported.open(QIODevice::WriteOnly);
    if (auto r = f.service().exportMemory(kUser, exported); !r)
        fuzz::fail("an imported memory exports", r.errorMessage());
    if (auto doc = MemoryDocument::fromBytes(exported.data()); !doc)
        fuzz::fail("an exported memory is a valid document", doc.errorMessage());
    f.resetUser();
    return 0;
}
