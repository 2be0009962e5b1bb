#include "CliRunner.h"
#include "TestLocation.h"
#include "TestSupport.h"
#include "memory/MemoryService.h"
#include "storage/JobQueue.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace engram;

namespace {

const QString kSentence = QStringLiteral("The violet walrus Oskarsson hums sea shanties at three in the morning");
const QString kOtherSentence = QStringLiteral("Bergamot marmalade keeps the lighthouse keeper Wendelin awake");

std::string s(const QString& text)
{
    return text.toStdString();
}

QString str(const Json& j, const char* key)
{
    return QString::fromStdString(j.value(key, std::string()));
}

Json withoutExportTime(Json doc)
{
    if (doc.is_object())
        doc.erase("exported_at");
    return doc;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray dumped(const Json& j)
{
    const std::string text = j.dump(2);
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

// A memory with every kind of item: a conversation with messages, an exchange and a summary
// with metadata, a fact superseded by a newer value, a pending and a rejected fact, pins.
void seed(const QString& db, const QString& user, const QString& sentence)
{
    auto location = MemoryLocation::parse(db);
    QVERIFY2(location, qPrintable(location.errorMessage()));
    auto opened = MemoryService::open(*location);
    QVERIFY2(opened, qPrintable(opened.errorMessage()));
    MemoryService& m = **opened;
    QVERIFY(m.ensureUser(user));
    auto conversation = m.createConversation(user, QStringLiteral("Trip planning"));
    QVERIFY(conversation);
    QVERIFY(m.appendMessage(user, conversation->id, Role::User, sentence));
    QVERIFY(m.appendMessage(user, conversation->id, Role::Assistant, QStringLiteral("Noted, and the shanties?")));
    Json meta = Json::object();
    meta["source"] = "test";
    meta["rating"] = 4;
    QVERIFY(m.recordExchange(user, conversation->id, sentence, QStringLiteral("A fine habit."), meta));
    QVERIFY(m.upsertSummary(user, QStringLiteral("api"), QStringLiteral("API 限流改成 200 次/分钟"), conversation->id));
    QVERIFY(m.addFact(user, QStringLiteral("user"), QStringLiteral("project"), QStringLiteral("电商")));
    QVERIFY(m.addFact(user, QStringLiteral("user"), QStringLiteral("project"), QStringLiteral("短视频")));
    auto name = m.addFact(user, QStringLiteral("user"), QStringLiteral("hobby"), sentence);
    QVERIFY(name);
    QVERIFY(m.setPinned(user, name->id, true));
    FactInput unsure;
    unsure.predicate = QStringLiteral("employer");
    unsure.object = QStringLiteral("Globex");
    unsure.confidence = 0.3;
    unsure.source = FactSource::LlmExtract;
    QVERIFY(m.rememberFact(user, unsure));
    unsure.predicate = QStringLiteral("city");
    unsure.object = QStringLiteral("Atlantis");
    auto rejected = m.rememberFact(user, unsure);
    QVERIFY(rejected);
    QVERIFY(m.rejectFact(user, rejected->fact.id));
}

QString firstId(const test::CliRun& run, const char* key, const QString& value)
{
    for (const Json& item : run.json()) {
        if (str(item, key) == value)
            return str(item, "id");
    }
    return {};
}

} // namespace

class TestCli final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_next{};
    std::vector<std::unique_ptr<test::TestLocation>> m_locations;

    // A fresh database for each test: a file, or a database on the server of a "_pg" run.
    test::CliRunner freshCli()
    {
        m_locations.push_back(
            std::make_unique<test::TestLocation>(m_dir.path(), QStringLiteral("db%1.sqlite").arg(++m_next)));
        return test::CliRunner(m_locations.back()->text());
    }
    QString file(const QString& name) const { return m_dir.filePath(name); }

    Json exportOf(const test::CliRunner& cli, const QString& user = {})
    {
        const test::CliRun run = cli.runAs(user, {QStringLiteral("export")});
        if (run.exitCode != 0)
            qWarning() << "export failed:" << run.errText();
        return withoutExportTime(run.json());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(test::CliRunner::binary()), qPrintable(test::CliRunner::binary()));
        QVERIFY(m_dir.isValid());
    }

    void helpVersionAndUsage()
    {
        const test::CliRunner cli = freshCli();
        const test::CliRun help = cli.run({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char* command : {"users", "stats", "list", "show", "history", "search", "add-fact", "edit", "pin",
                                    "unpin", "delete", "undo", "forget", "export", "import", "clear"})
            QVERIFY2(help.outText().contains(QLatin1String(command)), command);
        const test::CliRun version = cli.run({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.outText().startsWith(QStringLiteral("engram-cli ")));

        const test::CliRun unknown = cli.run({QStringLiteral("frobnicate")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.out.isEmpty());
        QVERIFY(unknown.errText().contains(QStringLiteral("frobnicate")));
        QCOMPARE(cli.run({QStringLiteral("show")}).exitCode, 1);
        QCOMPARE(cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("city"),
                          QStringLiteral("Oslo")})
                     .exitCode,
                 0);
        QCOMPARE(cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("attic")}).exitCode, 1);
        QCOMPARE(cli.run({QStringLiteral("import"), file(QStringLiteral("x")), QStringLiteral("--mode"),
                          QStringLiteral("mix")})
                     .exitCode,
                 1);
    }

    void usersAndStats()
    {
        const test::CliRunner cli = freshCli();
        QCOMPARE(cli.runAs(QStringLiteral("alice"), {QStringLiteral("add-fact"), QStringLiteral("user"),
                                                     QStringLiteral("name"), QStringLiteral("Alice")})
                     .exitCode,
                 0);
        const test::CliRun users = cli.run({QStringLiteral("--json"), QStringLiteral("users")});
        QCOMPARE(users.exitCode, 0);
        QStringList ids;
        for (const Json& u : users.json())
            ids.append(str(u, "id"));
        ids.sort();
        // Listing users adds none (the default user is made by the first command that writes for it).
        QCOMPARE(ids, (QStringList{QStringLiteral("alice")}));

        const test::CliRun stats =
            cli.runAs(QStringLiteral("alice"), {QStringLiteral("stats"), QStringLiteral("--json")});
        QCOMPARE(stats.exitCode, 0);
        const Json j = stats.json();
        QCOMPARE(j.value("semantic", -1), 1);
        QCOMPARE(j.value("episodic", -1), 0);
        QCOMPARE(str(j, "user"), QStringLiteral("alice"));
        const test::CliRun human = cli.runAs(QStringLiteral("alice"), {QStringLiteral("stats")});
        QVERIFY(human.outText().contains(QStringLiteral("semantic")));
    }

    void addListAndShowAsJson()
    {
        const test::CliRunner cli = freshCli();
        const test::CliRun added = cli.run({QStringLiteral("--json"), QStringLiteral("add-fact"),
                                            QStringLiteral("user"), QStringLiteral("editor"), QStringLiteral("Helix"),
                                            QStringLiteral("--confidence"), QStringLiteral("0.8")});
        QCOMPARE(added.exitCode, 0);
        const Json fact = added.json();
        for (const char* key :
             {"id", "tier", "kind", "content", "subject", "predicate", "object", "status", "pinned", "confidence",
              "importance", "created_at", "updated_at", "last_access_at", "access_count", "metadata"})
            QVERIFY2(fact.contains(key), key);
        QCOMPARE(str(fact, "tier"), QStringLiteral("semantic"));
        QCOMPARE(str(fact, "object"), QStringLiteral("Helix"));
        QCOMPARE(fact.value("confidence", 0.0), 0.8);
        const QString id = str(fact, "id");

        const test::CliRun list = cli.run(
            {QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("semantic"), QStringLiteral("--json")});
        QCOMPARE(list.exitCode, 0);
        QCOMPARE(firstId(list, "object", QStringLiteral("Helix")), id);
        const test::CliRun human = cli.run({QStringLiteral("list")});
        QVERIFY(human.outText().contains(id));
        QVERIFY(human.outText().contains(QStringLiteral("user editor Helix")));

        const test::CliRun show = cli.run({QStringLiteral("show"), id, QStringLiteral("--json")});
        QCOMPARE(show.exitCode, 0);
        QCOMPARE(str(show.json(), "id"), id);
        QCOMPARE(cli.run({QStringLiteral("show"), id}).exitCode, 0);

        const test::CliRun none =
            cli.run({QStringLiteral("list"), QStringLiteral("--pinned"), QStringLiteral("--json")});
        QCOMPARE(none.json().size(), 0u);

        // The panel's filters: source, conversation, time.
        const auto count = [&cli](const QStringList& filter) {
            const test::CliRun run = cli.run(QStringList{QStringLiteral("list"), QStringLiteral("--json")} + filter);
            return run.exitCode == 0 ? int(run.json().size()) : -run.exitCode;
        };
        QCOMPARE(count({QStringLiteral("--source"), QStringLiteral("manual")}), 1);
        QCOMPARE(count({QStringLiteral("--source"), QStringLiteral("said")}), 0);
        QCOMPARE(count({QStringLiteral("--since"), QStringLiteral("2000-01-01")}), 1);
        QCOMPARE(count({QStringLiteral("--since"), QStringLiteral("2999-01-01T00:00:00Z")}), 0);
        QCOMPARE(count({QStringLiteral("--conversation"), QStringLiteral("no-such-conversation")}), 0);
        QCOMPARE(count({QStringLiteral("--source"), QStringLiteral("gossip")}), -1); // a usage error
        QCOMPARE(count({QStringLiteral("--since"), QStringLiteral("yesterday")}), -1);
    }

    void editPinAndUnpinAreEventsInTheHistory()
    {
        const test::CliRunner cli = freshCli();
        const QString id = str(cli.run({QStringLiteral("--json"), QStringLiteral("add-fact"), QStringLiteral("user"),
                                        QStringLiteral("employer"), QStringLiteral("Acme")})
                                   .json(),
                               "id");
        const test::CliRun edited = cli.run(
            {QStringLiteral("--json"), QStringLiteral("edit"), id, QStringLiteral("Globex"), QStringLiteral("Corp")});
        QCOMPARE(edited.exitCode, 0);
        QCOMPARE(str(edited.json(), "object"), QStringLiteral("Globex Corp"));
        QCOMPARE(cli.run({QStringLiteral("pin"), id}).exitCode, 0);
        const test::CliRun pinned =
            cli.run({QStringLiteral("list"), QStringLiteral("--pinned"), QStringLiteral("--json")});
        QCOMPARE(firstId(pinned, "id", id), id);
        const test::CliRun unpinned = cli.run({QStringLiteral("--json"), QStringLiteral("unpin"), id});
        QCOMPARE(unpinned.json().value("pinned", true), false);

        const test::CliRun history = cli.run({QStringLiteral("history"), id, QStringLiteral("--json")});
        QCOMPARE(history.exitCode, 0);
        QStringList actions;
        for (const Json& e : history.json()) {
            actions.append(str(e, "action"));
            QVERIFY(!str(e, "time").isEmpty());
            QVERIFY(!str(e, "actor").isEmpty());
            if (str(e, "action") == QLatin1String("edit")) {
                QCOMPARE(str(e["before"], "object"), QStringLiteral("Acme"));
                QCOMPARE(str(e["after"], "object"), QStringLiteral("Globex Corp"));
                QCOMPARE(str(e, "actor"), QStringLiteral("user"));
            }
        }
        QCOMPARE(actions, (QStringList{QStringLiteral("create"), QStringLiteral("edit"), QStringLiteral("pin"),
                                       QStringLiteral("unpin")}));
        const test::CliRun human = cli.run({QStringLiteral("history"), id});
        QVERIFY(human.outText().contains(QStringLiteral("Acme → Globex Corp")));
    }

    void factHistoryShowsTheWholeLineage()
    {
        const test::CliRunner cli = freshCli();
        for (const char* value : {"电商", "短视频", "播客"})
            QCOMPARE(cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("project"),
                              QString::fromUtf8(value)})
                         .exitCode,
                     0);
        const test::CliRun superseded = cli.run({QStringLiteral("list"), QStringLiteral("--status"),
                                                 QStringLiteral("superseded"), QStringLiteral("--json")});
        QCOMPARE(superseded.json().size(), 2u);
        const QString current =
            firstId(cli.run({QStringLiteral("list"), QStringLiteral("--json")}), "object", QStringLiteral("播客"));
        QVERIFY(!current.isEmpty());
        const test::CliRun history = cli.run({QStringLiteral("history"), current, QStringLiteral("--json")});
        QStringList values;
        for (const Json& e : history.json()) {
            if (str(e, "action") == QLatin1String("create"))
                values.append(str(e["after"], "object"));
        }
        QCOMPARE(values, (QStringList{QStringLiteral("电商"), QStringLiteral("短视频"), QStringLiteral("播客")}));
    }

    void undoAfterDeleteBringsTheItemBack()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        const test::CliRun list = cli.run({QStringLiteral("list"), QStringLiteral("--json")});
        for (const char* kind : {"fact", "exchange"}) {
            QString id;
            for (const Json& item : list.json()) {
                if (str(item, "kind") == QLatin1String(kind) && str(item, "content").contains(QStringLiteral("walrus")))
                    id = str(item, "id");
            }
            QVERIFY2(!id.isEmpty(), kind);
            QCOMPARE(cli.run({QStringLiteral("pin"), id}).exitCode, 0);
            const Json before = cli.run({QStringLiteral("show"), id, QStringLiteral("--json")}).json();

            const test::CliRun deleted = cli.run({QStringLiteral("--json"), QStringLiteral("delete"), id});
            QCOMPARE(deleted.exitCode, 0);
            QCOMPARE(str(deleted.json(), "deleted"), id);
            QCOMPARE(cli.run({QStringLiteral("show"), id}).exitCode, 2);
            // The delete is in the history without the deleted content.
            bool sawDelete = false;
            for (const Json& e : cli.run({QStringLiteral("history"), id, QStringLiteral("--json")}).json()) {
                if (str(e, "action") == QLatin1String("delete")) {
                    sawDelete = true;
                    QVERIFY(e["before"].is_null());
                    QVERIFY(e["after"].is_null());
                }
            }
            QVERIFY(sawDelete);

            const test::CliRun undone = cli.run({QStringLiteral("undo"), QStringLiteral("--json")});
            QCOMPARE(undone.exitCode, 0);
            QVERIFY2(str(undone.json(), "undone").contains(QStringLiteral("delete")), undone.out.constData());
            const Json after = cli.run({QStringLiteral("show"), id, QStringLiteral("--json")}).json();
            QCOMPARE(str(after, "id"), id);
            QCOMPARE(str(after, "content"), str(before, "content"));
            QCOMPARE(after.value("pinned", false), true);
            QCOMPARE(after, before);
        }
        // Then the pins, newest first: the exchange's (the fact was pinned already when seeded).
        QVERIFY(cli.run({QStringLiteral("undo")}).outText().contains(QStringLiteral("Undid the pin of episode")));
        QVERIFY(cli.run({QStringLiteral("undo")}).outText().contains(QStringLiteral("Undid the pin of fact")));
        const test::CliRun nothing = cli.run({QStringLiteral("undo")});
        QCOMPARE(nothing.exitCode, 2);
        QVERIFY(nothing.errText().contains(QStringLiteral("nothing to undo")));
        QCOMPARE(cli.run({QStringLiteral("list"), QStringLiteral("--pinned"), QStringLiteral("--json")}).json().size(),
                 0u);
    }

    void forgetDryRunChangesNothing()
    {
        const test::CliRunner cli = freshCli();
        // An episode archived long ago is due to be purged.
        Json doc = Json::object();
        doc["format"] = "engram-memory";
        doc["version"] = 1;
        Json old = Json::object();
        old["content"] = "an old thought";
        old["status"] = "archived";
        old["created_at"] = "2020-01-01T00:00:00Z";
        old["archived_at"] = "2020-02-01T00:00:00Z";
        doc["episodes"] = Json::array({old});
        QVERIFY(writeFile(file(QStringLiteral("old.json")), dumped(doc)));
        QCOMPARE(cli.run({QStringLiteral("import"), file(QStringLiteral("old.json"))}).exitCode, 0);

        const test::CliRun dry =
            cli.run({QStringLiteral("forget"), QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QCOMPARE(dry.exitCode, 0);
        QCOMPARE(dry.json()["purged"].size(), 1u);
        QCOMPARE(dry.json().value("dry_run", false), true);
        const QString id = QString::fromStdString(dry.json()["purged"][0].get<std::string>());
        QCOMPARE(cli.run({QStringLiteral("show"), id}).exitCode, 0);
        QCOMPARE(cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("archive"),
                          QStringLiteral("--json")})
                     .json()
                     .size(),
                 1u);

        const test::CliRun real = cli.run({QStringLiteral("forget")});
        QCOMPARE(real.exitCode, 0);
        QCOMPARE(cli.run({QStringLiteral("show"), id}).exitCode, 2);
    }

    // engram-cli forgets by the capacity the user chose in the app's Settings, and a long pass
    // says how far it is on stderr.
    void forgetFollowsTheCapacityChosenInTheApp()
    {
        test::CliRunner cli = freshCli();
        Json doc = Json::object();
        doc["format"] = "engram-memory";
        doc["version"] = 1;
        doc["episodes"] = Json::array();
        for (int i = 0; i < 250; ++i) {
            Json e = Json::object();
            e["content"] = QStringLiteral("thought number %1").arg(i).toStdString();
            e["created_at"] =
                QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC).addSecs(60 * i).toString(Qt::ISODate).toStdString();
            doc["episodes"].push_back(e);
        }
        QVERIFY(writeFile(file(QStringLiteral("many.json")), dumped(doc)));
        QCOMPARE(cli.run({QStringLiteral("import"), file(QStringLiteral("many.json"))}).exitCode, 0);
        QCOMPARE(cli.run({QStringLiteral("forget"), QStringLiteral("--dry-run"), QStringLiteral("--json")})
                     .json()["archived"]
                     .size(),
                 0u); // the default capacity holds 2,000

        const QString config = file(QStringLiteral("config%1").arg(++m_next));
        QSettings(config + QStringLiteral("/engram/engram.conf"), QSettings::IniFormat)
            .setValue(QLatin1String(MemorySettingsKey::episodeCapacity), 1);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
        cli.setEnvironment(env);
        const test::CliRun forgot = cli.run({QStringLiteral("forget")});
        QCOMPARE(forgot.exitCode, 0);
        QVERIFY2(forgot.outText().contains(QStringLiteral("Moved 249 episode(s) to the archive")),
                 qPrintable(forgot.outText()));
        QVERIFY2(forgot.errText().contains(QStringLiteral("Forgetting: 200 of 249 item(s) done")),
                 qPrintable(forgot.errText()));
        QVERIFY(forgot.errText().contains(QStringLiteral("Forgetting: 249 of 249 item(s) done")));
        QCOMPARE(cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("episodic"),
                          QStringLiteral("--json")})
                     .json()
                     .size(),
                 1u);
    }

    void searchFindsFactsAndEpisodes()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        const test::CliRun both =
            cli.run({QStringLiteral("search"), QStringLiteral("walrus"), QStringLiteral("--json")});
        QCOMPARE(both.exitCode, 0);
        const Json j = both.json();
        QCOMPARE(str(j, "query"), QStringLiteral("walrus"));
        QStringList tiers;
        for (const Json& item : j["results"]) {
            QVERIFY(item.contains("score"));
            tiers.append(str(item, "tier"));
        }
        QVERIFY(tiers.contains(QStringLiteral("semantic")));
        QVERIFY(tiers.contains(QStringLiteral("episodic")));

        const test::CliRun episodic =
            cli.run({QStringLiteral("search"), QStringLiteral("--tier"), QStringLiteral("episodic"),
                     QStringLiteral("--json"), QStringLiteral("walrus")});
        // json() returns a new document: keep it, since a range-for over a member of a temporary
        // iterates a destroyed document.
        const Json episodicJson = episodic.json();
        for (const Json& item : episodicJson["results"])
            QCOMPARE(str(item, "tier"), QStringLiteral("episodic"));
        QVERIFY(!episodicJson["results"].empty());

        const test::CliRun chinese =
            cli.run({QStringLiteral("search"), QStringLiteral("限流"), QStringLiteral("--json")});
        QVERIFY(str(chinese.json()["results"][0], "content").contains(QStringLiteral("200 次/分钟")));
        const test::CliRun human =
            cli.run({QStringLiteral("search"), QStringLiteral("walrus"), QStringLiteral("shanties")});
        QVERIFY(human.outText().contains(QStringLiteral("SCORE")));
        const test::CliRun limited = cli.run({QStringLiteral("search"), QStringLiteral("--limit"), QStringLiteral("1"),
                                              QStringLiteral("--json"), QStringLiteral("walrus")});
        QCOMPARE(limited.json()["results"].size(), 1u);
    }

    void batchSearchAnswersAThousandQueriesInOneProcess()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        QByteArray input;
        QStringList queries;
        for (int i = 0; i < 1000; ++i) {
            const QString q =
                i % 3 == 0 ? QStringLiteral("walrus %1").arg(i)
                           : (i % 3 == 1 ? QStringLiteral("限流 %1").arg(i) : QStringLiteral("nothing%1").arg(i));
            queries.append(q);
            input += q.toUtf8() + '\n';
        }
        const test::CliRun run = cli.run({QStringLiteral("search")}, input);
        QCOMPARE(run.exitCode, 0);
        const QList<Json> lines = run.jsonLines();
        QCOMPARE(lines.size(), 1000);
        for (int i = 0; i < 1000; ++i) {
            QCOMPARE(str(lines.at(i), "query"), queries.at(i));
            QVERIFY(lines.at(i)["results"].is_array());
            QCOMPARE(lines.at(i)["results"].empty(), i % 3 == 2);
        }
    }

    void exportClearImportReplaceRoundTrips()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        const QString episode = firstId(cli.run({QStringLiteral("list"), QStringLiteral("--tier"),
                                                 QStringLiteral("episodic"), QStringLiteral("--json")}),
                                        "kind", QStringLiteral("summary"));
        QCOMPARE(cli.run({QStringLiteral("edit"), episode, QStringLiteral("API 限流改成 300 次/分钟")}).exitCode, 0);

        const QString path = file(QStringLiteral("roundtrip.json"));
        const test::CliRun exported =
            cli.run({QStringLiteral("export"), QStringLiteral("--out"), path, QStringLiteral("--json")});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY(exported.json().value("facts", 0) >= 5);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Json first = withoutExportTime(Json::parse(f.readAll().toStdString()));
        QCOMPARE(str(first, "format"), QStringLiteral("engram-memory"));
        QCOMPARE(first["working"].size(), 2u);
        QCOMPARE(first["episodes"].size(), 2u);
        QStringList statuses;
        for (const Json& fact : first["facts"])
            statuses.append(str(fact, "status"));
        for (const char* status : {"active", "superseded", "pending", "rejected"})
            QVERIFY2(statuses.contains(QLatin1String(status)), status);
        QCOMPARE(first, exportOf(cli)); // stdout export = file export

        const test::CliRun cleared =
            cli.run({QStringLiteral("clear"), QStringLiteral("--yes"), QStringLiteral("--json")});
        QCOMPARE(cleared.exitCode, 0);
        QCOMPARE(cleared.json().value("episodes", 0), 2);
        QCOMPARE(cli.run({QStringLiteral("list"), QStringLiteral("--json")}).json().size(), 0u);

        const test::CliRun imported = cli.run({QStringLiteral("import"), path, QStringLiteral("--mode"),
                                               QStringLiteral("replace"), QStringLiteral("--json")});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        QCOMPARE(exportOf(cli), first);

        const test::CliRun again = cli.run({QStringLiteral("import"), path, QStringLiteral("--json")});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(again.json().value("added", -1), 0);
        QVERIFY(again.json().value("skipped", 0) > 0);
        QCOMPARE(exportOf(cli), first);
        const test::CliRun human = cli.run({QStringLiteral("import"), path});
        QVERIFY(human.outText().contains(QStringLiteral("added 0")));
        QCOMPARE(exportOf(cli), first);
    }

    void importLoadsAChatHistoryAsEpisodes()
    {
        const test::CliRunner cli = freshCli();
        Json doc = Json::object();
        doc["format"] = "engram-memory";
        doc["version"] = 1;
        doc["episodes"] = Json::array();
        for (int i = 0; i < 50; ++i) {
            Json e = Json::object();
            e["content"] = s(QStringLiteral("question %1 about sourdough").arg(i));
            e["response"] = "an answer";
            e["created_at"] = s(QStringLiteral("2024-05-%1T10:00:00Z").arg(i % 28 + 1, 2, 10, QLatin1Char('0')));
            Json meta = Json::object();
            meta["chat"] = "old-export";
            meta["line"] = i;
            e["metadata"] = meta;
            doc["episodes"].push_back(e);
        }
        QVERIFY(writeFile(file(QStringLiteral("chat.json")), dumped(doc)));
        const test::CliRun imported =
            cli.run({QStringLiteral("import"), file(QStringLiteral("chat.json")), QStringLiteral("--json")});
        QCOMPARE(imported.exitCode, 0);
        QCOMPARE(imported.json()["episodes"].value("added", 0), 50);

        const Json episodes = cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("episodic"),
                                       QStringLiteral("--json")})
                                  .json();
        QCOMPARE(episodes.size(), 50u);
        QSet<QString> ids;
        for (const Json& e : episodes) {
            ids.insert(str(e, "id"));
            QCOMPARE(str(e["metadata"], "chat"), QStringLiteral("old-export"));
            QVERIFY(str(e, "created_at").startsWith(QStringLiteral("2024-05-")));
        }
        QCOMPARE(ids.size(), 50);
        const test::CliRun found =
            cli.run({QStringLiteral("search"), QStringLiteral("sourdough"), QStringLiteral("--json")});
        QVERIFY(!found.json()["results"].empty());
    }

    void malformedImportChangesNothing_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << "truncated"
                                   << "not valid JSON";
        QTest::newRow("time of wrong form") << "bad-time"
                                            << "episodes[1].created_at: not an ISO-8601 time";
        QTest::newRow("number as string") << "wrong-type"
                                          << "facts[0].confidence: must be a number";
        QTest::newRow("episodes not an array") << "not-array"
                                               << "episodes: must be an array";
        QTest::newRow("unknown version") << "version"
                                         << "version: unsupported version 2";
        QTest::newRow("unknown format") << "format"
                                        << "format:";
        QTest::newRow("invalid UTF-8") << "utf8"
                                       << "not valid UTF-8";
        QTest::newRow("duplicate ids") << "duplicate"
                                       << "appears twice";
        QTest::newRow("two current values") << "two-active"
                                            << "second active value";
        QTest::newRow("deep nesting") << "deep"
                                      << "deeper than 64";
        QTest::newRow("50 MB of garbage") << "garbage"
                                          << "not valid UTF-8";
        QTest::newRow("larger than the limit") << "huge"
                                               << "at most 512 MB";
    }

    void malformedImportChangesNothing()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        const Json before = exportOf(cli);
        Json doc = before;
        QByteArray bytes;
        if (kind == QLatin1String("truncated")) {
            bytes = dumped(doc);
            bytes.truncate(bytes.size() / 2);
        } else if (kind == QLatin1String("bad-time")) {
            doc["episodes"][1]["created_at"] = "last Tuesday";
        } else if (kind == QLatin1String("wrong-type")) {
            doc["facts"][0]["confidence"] = "very";
        } else if (kind == QLatin1String("not-array")) {
            doc["episodes"] = Json::object();
        } else if (kind == QLatin1String("version")) {
            doc["version"] = 2;
        } else if (kind == QLatin1String("format")) {
            doc["format"] = "someone-elses-memory";
        } else if (kind == QLatin1String("utf8")) {
            doc["episodes"][0]["content"] = "MARK";
            bytes = dumped(doc).replace("MARK", "bad \xC3\x28 byte");
        } else if (kind == QLatin1String("duplicate")) {
            doc["facts"][1]["id"] = doc["episodes"][0]["id"];
        } else if (kind == QLatin1String("two-active")) {
            doc["facts"].push_back(doc["facts"][doc["facts"].size() - 1]);
            for (Json& fact : doc["facts"])
                fact["status"] = "active";
            doc["facts"][doc["facts"].size() - 1].erase("id");
        } else if (kind == QLatin1String("deep")) {
            bytes = QByteArray(100, '[') + QByteArray(100, ']');
        } else if (kind == QLatin1String("garbage")) {
            bytes.resize(50 * 1024 * 1024);
            QRandomGenerator random(20260301);
            random.fillRange(reinterpret_cast<quint32*>(bytes.data()), bytes.size() / 4);
        }
        const QString path = file(QStringLiteral("bad-%1.json").arg(kind));
        if (kind == QLatin1String("huge")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(513LL * 1024 * 1024)); // sparse: nothing is written
        } else {
            QVERIFY(writeFile(path, bytes.isEmpty() ? dumped(doc) : bytes));
        }

        for (const char* mode : {"merge", "replace"}) {
            const test::CliRun run =
                cli.run({QStringLiteral("import"), path, QStringLiteral("--mode"), QString::fromLatin1(mode)});
            QCOMPARE(run.exitCode, 3);
            QVERIFY2(run.errText().contains(expected), qPrintable(run.errText()));
            QVERIFY(run.out.isEmpty());
        }
        QFile::remove(path);
        QCOMPARE(exportOf(cli), before);
    }

    void importRefusesAPipeAndALooseId()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        const Json before = exportOf(cli);
        // A FIFO nobody writes to: refused at once, not waited on.
        const QString fifo = file(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const test::CliRun piped = cli.run({QStringLiteral("import"), fifo});
        QCOMPARE(piped.exitCode, 3);
        QVERIFY2(piped.errText().contains(QStringLiteral("not a regular file")), qPrintable(piped.errText()));
        QFile::remove(fifo);

        // An id with something after the UUID names its place.
        Json doc = before;
        doc["episodes"][0]["id"] = str(doc["episodes"][0], "id").toStdString() + "xyz";
        const QString loose = file(QStringLiteral("loose-id.json"));
        QVERIFY(writeFile(loose, dumped(doc)));
        const test::CliRun refused = cli.run({QStringLiteral("import"), loose});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.errText().contains(QStringLiteral("episodes[0].id: ")), qPrintable(refused.errText()));
        QCOMPARE(exportOf(cli), before);
    }

    void clearRefusesWithoutYes()
    {
        const test::CliRunner cli = freshCli();
        seed(cli.databasePath(), QStringLiteral("default"), kSentence);
        const Json before = exportOf(cli);
        const test::CliRun refused = cli.run({QStringLiteral("clear")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(refused.errText().contains(QStringLiteral("--yes")));
        QCOMPARE(exportOf(cli), before);

        // A backup that cannot be written clears nothing.
        const test::CliRun noBackup =
            cli.run({QStringLiteral("clear"), QStringLiteral("--yes"), QStringLiteral("--backup"),
                     file(QStringLiteral("no-such-folder/backup.json"))});
        QCOMPARE(noBackup.exitCode, 4);
        QVERIFY(noBackup.errText().contains(QStringLiteral("nothing was cleared")));
        QCOMPARE(exportOf(cli), before);
    }

    void clearErasesOneUserOnlyAndItsTextLeavesTheFile()
    {
        const test::CliRunner cli = freshCli();
        const QString a = QStringLiteral("anna");
        const QString b = QStringLiteral("bruno");
        seed(cli.databasePath(), a, kSentence);
        seed(cli.databasePath(), b, kOtherSentence);
        const Json beforeB = exportOf(cli, b);
        QVERIFY(test::rawDatabaseBytes(cli.databasePath()).contains(kSentence.toUtf8()));

        const QString backup = file(QStringLiteral("anna-backup.json"));
        const test::CliRun cleared =
            cli.runAs(a, {QStringLiteral("clear"), QStringLiteral("--yes"), QStringLiteral("--backup"), backup});
        QVERIFY2(cleared.exitCode == 0, cleared.err.constData());
        QVERIFY(cleared.outText().contains(QStringLiteral("Cleared")));
        QVERIFY(QFile::exists(backup));

        QCOMPARE(exportOf(cli, b), beforeB);
        const Json statsA = cli.runAs(a, {QStringLiteral("stats"), QStringLiteral("--json")}).json();
        QCOMPARE(statsA.value("total", -1), 0);
        QCOMPARE(statsA.value("pending", -1), 0);
        const Json afterA = exportOf(cli, a);
        QCOMPARE(afterA["working"].size(), 0u);
        QCOMPARE(afterA["events"].size(), 0u);

        const QByteArray bytes = test::rawDatabaseBytes(cli.databasePath());
        QVERIFY(!bytes.contains(kSentence.toUtf8()));
        QVERIFY(!bytes.contains(QByteArrayLiteral("oskarsson"))); // the search index's token too
        QVERIFY(bytes.contains(kOtherSentence.toUtf8()));

        // The backup brings it all back.
        QCOMPARE(cli.runAs(a, {QStringLiteral("import"), backup}).exitCode, 0);
        QVERIFY(!cli.runAs(a, {QStringLiteral("search"), QStringLiteral("walrus"), QStringLiteral("--json")})
                     .json()["results"]
                     .empty());
    }

    void errorsHaveTheirExitCodes()
    {
        const test::CliRunner cli = freshCli();
        const test::CliRun missing =
            cli.run({QStringLiteral("show"), QStringLiteral("no-such-id"), QStringLiteral("--json")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.out.isEmpty());
        QVERIFY(!missing.err.isEmpty());
        QCOMPARE(cli.run({QStringLiteral("import"), file(QStringLiteral("absent.json"))}).exitCode, 2);
        QCOMPARE(cli.run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("x"), QStringLiteral("y"),
                          QStringLiteral("--confidence"), QStringLiteral("2")})
                     .exitCode,
                 3);
        QVERIFY(writeFile(file(QStringLiteral("not-a-db.sqlite")), QByteArrayLiteral("plain text, not SQLite")));
        const test::CliRun notDb =
            test::CliRunner(file(QStringLiteral("not-a-db.sqlite"))).run({QStringLiteral("stats")});
        QCOMPARE(notDb.exitCode, 4);
        QVERIFY(notDb.errText().contains(QStringLiteral("not an Engram database")));
    }

    // migrate copies every user, and what the export leaves out (settings, the tools' access,
    // jobs still to run), from a file to another database (a server in the "_pg" run) and back:
    // the memory that comes back exports exactly as the original, and a second copy adds nothing.
    void migrateThereAndBackGivesTheSameMemory()
    {
        const test::CliRunner original(file(QStringLiteral("original.sqlite")));
        seed(original.databasePath(), QStringLiteral("default"), kSentence);
        seed(original.databasePath(), QStringLiteral("anna"), kOtherSentence);
        QCOMPARE(original.run({QStringLiteral("tool-access"), QStringLiteral("Cursor"), QStringLiteral("read-only")})
                     .exitCode,
                 0);
        {
            auto db = Database::open(original.databasePath());
            QVERIFY(db);
            QVERIFY(*JobQueue(**db).enqueue(QStringLiteral("anna"), QStringLiteral("extract"),
                                            QStringLiteral("extract:later"), Json::object(),
                                            QDateTime::currentDateTimeUtc()));
        }
        const test::CliRunner there = freshCli();
        const test::CliRunner back(file(QStringLiteral("back.sqlite")));
        const auto migrate = [](const QString& from, const QString& to) {
            return test::CliRunner(from).run({QStringLiteral("migrate"), QStringLiteral("--from"), from,
                                              QStringLiteral("--to"), to, QStringLiteral("--json")});
        };
        const test::CliRun out = migrate(original.databasePath(), there.databasePath());
        QVERIFY2(out.exitCode == 0, out.err.constData());
        QCOMPARE(out.json()["users"].size(), 2u);
        QVERIFY(out.errText().contains(QStringLiteral("[2/2]")));
        const test::CliRun again = migrate(original.databasePath(), there.databasePath());
        QVERIFY2(again.exitCode == 0, again.err.constData());
        const Json copied = again.json(); // kept: a loop over a member of a temporary would dangle
        for (const Json& user : copied["users"]) {
            QCOMPARE(user["added"].get<int>(), 0);
            QCOMPARE(user["events"]["added"].get<int>(), 0);
            QCOMPARE(user["jobs"].get<int>(), 0);
        }
        const test::CliRun home = migrate(there.databasePath(), back.databasePath());
        QVERIFY2(home.exitCode == 0, home.err.constData());
        for (const QString& user : {QStringLiteral("default"), QStringLiteral("anna")}) {
            Json before = exportOf(original, user);
            Json after = exportOf(back, user);
            QVERIFY(!before["facts"].empty());
            before.erase("exported_at");
            after.erase("exported_at");
            QCOMPARE(QString::fromStdString(after.dump(1)), QString::fromStdString(before.dump(1)));
        }
        const Json tools = back.run({QStringLiteral("tools"), QStringLiteral("--json")}).json();
        QVERIFY2(tools.dump().find("read_only") != std::string::npos ||
                     tools.dump().find("read-only") != std::string::npos,
                 tools.dump().c_str());
        const Json jobs = back.runAs(QStringLiteral("anna"), {QStringLiteral("jobs"), QStringLiteral("--json")}).json();
        QVERIFY2(jobs.dump().find("extract") != std::string::npos, jobs.dump().c_str());
    }

    // --db takes a file or a PostgreSQL server URL. This build keeps memory in files: a server is
    // refused by name, and nothing is created under a URL-like file name; a password in the URL is
    // refused before anything else (issue 17).
    // Without --db and $ENGRAM_DB, engram-cli (and so `engram-cli mcp`, which other AI tools
    // start) works on the memory the app shows: the server chosen in its Settings, if any.
    void withoutDbItUsesTheServerChosenInTheApp()
    {
        const test::CliRunner named = freshCli();
        QCOMPARE(named
                     .run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("city"),
                           QStringLiteral("Porto")})
                     .exitCode,
                 0);
        const QString config = file(QStringLiteral("config%1").arg(++m_next));
        QSettings(config + QStringLiteral("/engram/engram.conf"), QSettings::IniFormat)
            .setValue(QLatin1String(MemoryLocation::kSavedServerKey), named.databasePath());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("ENGRAM_DB"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
        env.insert(QStringLiteral("XDG_DATA_HOME"), file(QStringLiteral("data%1").arg(m_next)));
        test::CliRunner unnamed{QString()};
        unnamed.setEnvironment(env);

        const test::CliRun listed =
            unnamed.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("semantic")});
        if (!test::onServer()) {
            // Settings keep a server there, never a file.
            QCOMPARE(listed.exitCode, 1);
            QVERIFY2(listed.errText().contains(QStringLiteral("not a postgresql:// address")),
                     qPrintable(listed.errText()));
            return;
        }
        QCOMPARE(listed.exitCode, 0);
        QVERIFY2(listed.outText().contains(QStringLiteral("Porto")), qPrintable(listed.outText()));

        // $ENGRAM_DB (like --db) outranks the app's choice.
        const test::CliRunner other = freshCli();
        env.insert(QStringLiteral("ENGRAM_DB"), other.databasePath());
        unnamed.setEnvironment(env);
        QCOMPARE(other
                     .run({QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("city"),
                           QStringLiteral("Braga")})
                     .exitCode,
                 0);
        const test::CliRun elsewhere =
            unnamed.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("semantic")});
        QCOMPARE(elsewhere.exitCode, 0);
        QVERIFY2(elsewhere.outText().contains(QStringLiteral("Braga")), qPrintable(elsewhere.outText()));
        QVERIFY(!elsewhere.outText().contains(QStringLiteral("Porto")));
    }

    void aServerAddressIsNotTakenForAFile()
    {
        QDir here(m_dir.path());
        const QStringList before = here.entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        const test::CliRun server = test::CliRunner(QStringLiteral("postgresql://engram@127.0.0.1:1/memory"))
                                        .run({QStringLiteral("add-fact"), QStringLiteral("user"),
                                              QStringLiteral("city"), QStringLiteral("Lyon")});
        QCOMPARE(server.exitCode, 4);
        QVERIFY2(server.errText().contains(QStringLiteral("postgresql://engram@127.0.0.1:1/memory")),
                 server.err.constData());
        QVERIFY(!QFileInfo::exists(QStringLiteral("postgresql:")));
        const test::CliRun secret = test::CliRunner(QStringLiteral("postgresql://engram:hunter2@localhost/memory"))
                                        .run({QStringLiteral("stats")});
        QCOMPARE(secret.exitCode, 1);
        QVERIFY(secret.errText().contains(QStringLiteral("PGPASSWORD")));
        QVERIFY(!secret.errText().contains(QStringLiteral("hunter2")));
        const test::CliRun backup =
            test::CliRunner(QStringLiteral("postgres://localhost/memory")).run({QStringLiteral("backup")});
        QCOMPARE(backup.exitCode, 3);
        QCOMPARE(here.entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
