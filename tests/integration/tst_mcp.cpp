// engram-cli mcp as a client runs it: a real subprocess over stdio, one JSON-RPC message per line
// — the handshake, every tool and resource, every error, Chinese and English, the end of a
// session, and three servers writing one memory file at once.
#include "CliRunner.h"
#include "FakeLlmServer.h"
#include "memory/JobRunner.h"
#include "memory/MemoryConfig.h"
#include "memory/MemoryService.h"
#include "storage/JobQueue.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

constexpr int kWaitMs = 20000;
const QString kUser = QStringLiteral("default");

Json parse(const QByteArray& line)
{
    return Json::parse(line.constBegin(), line.constEnd(), nullptr, false);
}

QString str(const Json& j, const char* key)
{
    return j.is_object() && j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>())
                                                                  : QString();
}

// One server process and the client side of its stdio.
class Session final
{
public:
    explicit Session(const QString& database, const QStringList& extra = {},
                     const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
    {
        m_process.setProcessEnvironment(env);
        m_process.setProgram(test::CliRunner::binary());
        m_process.setArguments(QStringList{QStringLiteral("--db"), database, QStringLiteral("mcp")} + extra);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start();
        m_started = m_process.waitForStarted(kWaitMs);
    }
    ~Session()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel();
            if (!m_process.waitForFinished(kWaitMs))
                m_process.kill();
        }
    }

    bool started() const { return m_started; }
    QProcess& process() { return m_process; }

    void sendLine(const QByteArray& line)
    {
        m_process.write(line);
        m_process.write("\n");
    }
    // The next line the server writes (empty after a timeout).
    QByteArray readLine()
    {
        QElapsedTimer timer;
        timer.start();
        while (!m_process.canReadLine() && timer.elapsed() < kWaitMs)
            m_process.waitForReadyRead(200);
        return m_process.readLine().trimmed();
    }
    Json request(const char* method, const Json& params = Json::object())
    {
        const int id = ++m_id;
        sendLine(QByteArray::fromStdString(
            Json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump()));
        const Json answer = parse(readLine());
        if (!answer.is_object() || answer.value("id", -1) != id)
            qWarning("unexpected answer to %s: %s", method, answer.dump().c_str());
        return answer;
    }
    void notify(const char* method)
    {
        sendLine(QByteArray::fromStdString(Json{{"jsonrpc", "2.0"}, {"method", method}}.dump()));
    }
    Json initialize(const char* version = "2025-06-18", const char* client = "Claude Desktop")
    {
        Json answer = request("initialize", {{"protocolVersion", version},
                                             {"capabilities", Json::object()},
                                             {"clientInfo", {{"name", client}, {"version", "0.9"}}}});
        notify("notifications/initialized");
        return answer;
    }
    // tools/call → the result object (content, structuredContent, isError).
    Json call(const char* tool, const Json& arguments)
    {
        const Json answer = request("tools/call", {{"name", tool}, {"arguments", arguments}});
        return answer.contains("result") ? answer["result"] : answer;
    }

private:
    QProcess m_process;
    bool m_started{};
    int m_id{};
};

} // namespace

class TestMcp final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_next{};
    QString freshDb() { return m_dir.filePath(QStringLiteral("mcp%1.sqlite").arg(++m_next)); }

    // What the user set for a tool, through `engram-cli tool-access` (the app's page writes the same).
    static void setAccess(const QString& db, const QString& tool, const char* access)
    {
        const test::CliRun run =
            test::CliRunner(db).runAs(kUser, {QStringLiteral("tool-access"), tool, QString::fromLatin1(access)});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }
    static QStringList toolNames(Session& s)
    {
        QStringList names;
        const Json answer = s.request("tools/list"); // kept: a loop over a temporary's member dangles
        for (const Json& t : answer["result"]["tools"])
            names.append(str(t, "name"));
        names.sort();
        return names;
    }
    static QString errorText(const Json& result)
    {
        return result.value("isError", false) ? str(result["content"][0], "text") : QString();
    }

    static Json structured(const Json& result)
    {
        // The structured content and the text content are the same JSON.
        if (!result.contains("structuredContent") || !result.contains("content"))
            return Json();
        const Json text = Json::parse(result["content"][0].value("text", std::string()), nullptr, false);
        return text == result["structuredContent"] ? result["structuredContent"] : Json();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(test::CliRunner::binary()), qPrintable(test::CliRunner::binary())); }

    void theHandshakeNegotiatesTheProtocolVersion_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("answered");
        for (const char* v : {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"})
            QTest::newRow(v) << QString::fromLatin1(v) << QString::fromLatin1(v);
        QTest::newRow("unknown → newest") << QStringLiteral("2099-01-01") << QStringLiteral("2025-11-25");
    }

    void theHandshakeNegotiatesTheProtocolVersion()
    {
        QFETCH(QString, asked);
        QFETCH(QString, answered);
        Session s(freshDb());
        QVERIFY(s.started());
        const Json init = s.initialize(asked.toLatin1().constData());
        const Json result = init["result"];
        QCOMPARE(str(result, "protocolVersion"), answered);
        QCOMPARE(str(result["serverInfo"], "name"), QStringLiteral("engram"));
        QVERIFY(result["capabilities"].contains("tools"));
        QVERIFY(result["capabilities"].contains("resources"));
        QVERIFY(!str(result, "instructions").isEmpty());
        QCOMPARE(s.request("ping")["result"], Json::object());
    }

    void toolsListDescribesEveryTool()
    {
        const QString db = freshDb();
        setAccess(db, QStringLiteral("Claude Desktop"), "read-write"); // a trusted tool sees every tool
        Session s(db);
        s.initialize();
        const Json tools = s.request("tools/list")["result"]["tools"];
        QMap<QString, Json> byName;
        for (const Json& t : tools)
            byName.insert(str(t, "name"), t);
        QCOMPARE(byName.keys(),
                 QStringList({QStringLiteral("forget"), QStringLiteral("forget_fact"), QStringLiteral("get_memory"),
                              QStringLiteral("get_profile"), QStringLiteral("remember"),
                              QStringLiteral("remember_fact"), QStringLiteral("search_memory")}));
        for (auto it = byName.cbegin(); it != byName.cend(); ++it) {
            const Json& t = it.value();
            QVERIFY2(t["inputSchema"].value("type", std::string()) == "object", qPrintable(it.key()));
            QVERIFY2(t["outputSchema"].value("type", std::string()) == "object", qPrintable(it.key()));
            QVERIFY2(!str(t, "description").isEmpty(), qPrintable(it.key()));
            const bool reads = it.key() == QLatin1String("search_memory") || it.key() == QLatin1String("get_profile") ||
                               it.key() == QLatin1String("get_memory");
            const bool deletes = it.key().startsWith(QLatin1String("forget"));
            QCOMPARE(t["annotations"].value("readOnlyHint", !reads), reads);
            QCOMPARE(t["annotations"].value("destructiveHint", !deletes), deletes);
        }
    }

    void everyToolWorksInChineseAndEnglish()
    {
        const QString db = freshDb();
        setAccess(db, QStringLiteral("Cursor"), "read-write"); // a tool the user trusts
        QString cityId;
        {
            Session s(db);
            s.initialize("2025-06-18", "Cursor");
            Json city = structured(s.call("remember_fact", {{"predicate", "城市"}, {"object", "杭州"}}));
            QCOMPARE(str(city, "outcome"), QStringLiteral("created"));
            QCOMPARE(str(city["fact"], "source"), QStringLiteral("tool"));
            QCOMPARE(str(city["fact"], "client"), QStringLiteral("Cursor 0.9"));
            cityId = str(city["fact"], "id");
            QCOMPARE(str(structured(s.call("remember_fact",
                                           {{"subject", "user"}, {"predicate", "employer"}, {"object", "Acme"}})),
                         "outcome"),
                     QStringLiteral("created"));
            const Json moved = structured(s.call("remember_fact", {{"predicate", "employer"}, {"object", "Initech"}}));
            QCOMPARE(str(moved, "outcome"), QStringLiteral("superseded")); // updated, not piled up
            // No secret is stored, whoever sends it.
            const Json secret =
                structured(s.call("remember_fact", {{"predicate", "note"},
                                                    {"object", "my key is sk-proj-abcdefghijklmnopqrstuvwxyz0123"}}));
            QVERIFY(!str(secret["fact"], "object").contains(QStringLiteral("abcdefghijklmnop")));

            const Json found = structured(s.call("search_memory", {{"query", "杭州"}}));
            QCOMPARE(found["results"].size(), 1u);
            QCOMPARE(str(found["results"][0], "id"), cityId);
            const Json english = structured(s.call("search_memory", {{"query", "Initech"}, {"tier", "semantic"}}));
            QCOMPARE(english["results"].size(), 1u);

            const Json profile = structured(s.call("get_profile", Json::object()));
            QCOMPARE(profile["total"].get<int>(), 3);
            const Json item = structured(s.call("get_memory", {{"id", str(moved["fact"], "id").toStdString()}}));
            QCOMPARE(str(item["item"], "object"), QStringLiteral("Initech"));
            QVERIFY(item["history"].size() >= 1);
            for (const Json& entry : item["history"]) // the history names the tool
                QCOMPARE(str(entry, "client"), QStringLiteral("Cursor 0.9"));

            // remember: the statements in a note, found by the rules (no model is set here).
            const Json noted = structured(s.call("remember", {{"text", "我叫林晓，我住在成都"}}));
            QVERIFY2(noted["facts"].size() == 2, noted.dump().c_str());
            QCOMPARE(noted["queued"], Json(false));
            QCOMPARE(str(noted["facts"][0], "object"), QStringLiteral("林晓"));
            QCOMPARE(str(noted["facts"][0], "outcome"), QStringLiteral("created"));
            QCOMPARE(str(noted["facts"][1], "object"), QStringLiteral("成都"));
            const Json moved2 = structured(s.call("remember", {{"text", "I work at Globex"}}));
            QVERIFY2(moved2["facts"].size() == 1, moved2.dump().c_str());
            QCOMPARE(str(moved2["facts"][0], "object"), QStringLiteral("Globex"));
            QCOMPARE(str(moved2["facts"][0], "outcome"), QStringLiteral("superseded"));
            QVERIFY(errorText(s.call("remember", {{"text", ""}})).contains(QStringLiteral("\"text\"")));

            QCOMPARE(structured(s.call("forget_fact", {{"predicate", "employer"}}))["forgotten"], Json(true));
            QCOMPARE(structured(s.call("forget_fact", {{"predicate", "employer"}}))["forgotten"], Json(false));
            QCOMPARE(str(structured(s.call("forget", {{"id", cityId.toStdString()}})), "forgotten"), cityId);
            QCOMPARE(structured(s.call("get_profile", Json::object()))["total"].get<int>(), 3); // note, name, city
        }
        // In the memory the panel reads: the fact from a tool says so.
        auto memory = MemoryService::open(db);
        QVERIFY(memory);
        auto facts = (*memory)->currentFacts(kUser);
        QVERIFY(facts && facts->size() == 3);
        for (const Fact& f : *facts) {
            QCOMPARE(MemoryItem::fromFact(f).origin(), ItemOrigin::Tool);
            QCOMPARE(QString::fromStdString(f.metadata.value("client", std::string())), QStringLiteral("Cursor 0.9"));
        }
    }

    void errorsAreAnsweredAndTheServerGoesOn()
    {
        Session s(freshDb());
        s.initialize();
        const auto errorOf = [&s](const QByteArray& line) {
            s.sendLine(line);
            const Json answer = parse(s.readLine());
            return answer.contains("error") ? answer["error"].value("code", 0) : 0;
        };
        const std::vector<std::pair<QByteArray, int>> cases{
            {"this is not json", -32700},
            {"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":", -32700}, // cut short
            {"[1,2]", -32600},
            {"{\"jsonrpc\":\"2.0\",\"id\":8}", -32600},
            {"{\"jsonrpc\":\"1.0\",\"id\":9,\"method\":\"ping\"}", -32600},
            {"{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"no/such\"}", -32601},
            {"{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"no_such\"}}", -32602},
            {"{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/"
             "call\",\"params\":{\"name\":\"forget\",\"arguments\":\"x\"}}",
             -32602},
            {"{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":[1]}", -32602},
            {"{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"resources/read\",\"params\":{\"uri\":\"engram://nope\"}}",
             -32002},
        };
        for (const auto& [line, code] : cases)
            QVERIFY2(errorOf(line) == code, line.constData());
        // A notification gets no answer, not even to a method it does not know.
        s.sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"no/such/notification\"}");
        QCOMPARE(s.request("ping")["result"], Json::object());

        // A tool that cannot do what was asked says why, in a sentence, as a result.
        for (const auto& [tool, arguments] : std::vector<std::pair<const char*, Json>>{
                 {"search_memory", {{"query", ""}}},
                 {"search_memory", {{"query", "x"}, {"limit", 99}}},
                 {"search_memory", {{"query", "x"}, {"tier", "working"}}},
                 {"get_memory", {{"id", "no-such-id"}}},
                 {"forget", {{"id", "no-such-id"}}},
                 {"remember_fact", {{"predicate", "city"}}},
                 {"remember_fact", {{"predicate", "city"}, {"object", "Paris"}, {"confidence", 7}}},
                 {"remember_fact", {{"predicate", 3}, {"object", "Paris"}}}}) {
            const Json result = s.call(tool, arguments);
            QVERIFY2(result.value("isError", false), tool);
            QVERIFY2(!result["content"][0].value("text", std::string()).empty(), tool);
        }

        // A message of 9 MiB is refused and the session goes on.
        QByteArray huge =
            "{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"tools/call\",\"params\":{\"name\":\"search_memory\","
            "\"arguments\":{\"query\":\"";
        huge += QByteArray(9 << 20, 'a') + "\"}}}";
        QCOMPARE(errorOf(huge), -32700);
        QCOMPARE(s.request("ping")["result"], Json::object());
    }

    void resourcesListAndRead()
    {
        Session s(freshDb());
        s.initialize();
        const QString id =
            str(structured(s.call("remember_fact", {{"predicate", "language"}, {"object", "Rust"}}))["fact"], "id");
        const Json listed = s.request("resources/list")["result"]["resources"];
        QCOMPARE(listed.size(), 1u);
        QCOMPARE(str(listed[0], "uri"), QStringLiteral("engram://profile"));
        const Json templates = s.request("resources/templates/list")["result"]["resourceTemplates"];
        QCOMPARE(str(templates[0], "uriTemplate"), QStringLiteral("engram://memory/{id}"));
        const Json profile = s.request("resources/read", {{"uri", "engram://profile"}})["result"]["contents"][0];
        QCOMPARE(parse(QByteArray::fromStdString(profile.value("text", std::string())))["total"], Json(1));
        const Json item = s.request(
            "resources/read",
            {{"uri", QString(QStringLiteral("engram://memory/") + id).toStdString()}})["result"]["contents"][0];
        QCOMPARE(str(parse(QByteArray::fromStdString(item.value("text", std::string())))["item"], "object"),
                 QStringLiteral("Rust"));
    }

    void theSessionEndsWhenStdinClosesOrOnSigterm()
    {
        const QString db = freshDb();
        {
            Session s(db);
            s.initialize();
            s.process().closeWriteChannel();
            QVERIFY(s.process().waitForFinished(kWaitMs));
            QCOMPARE(s.process().exitStatus(), QProcess::NormalExit);
            QCOMPARE(s.process().exitCode(), 0);
            QVERIFY(s.process().readAllStandardOutput().isEmpty()); // nothing but answers on stdout
        }
        Session s(db);
        s.initialize();
        s.process().terminate(); // SIGTERM
        QVERIFY(s.process().waitForFinished(kWaitMs));
        QCOMPARE(s.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(s.process().exitCode(), 0);
    }

    void readOnlyOffersOnlyTheReadingTools()
    {
        Session s(freshDb(), {QStringLiteral("--read-only")});
        s.initialize();
        QStringList names;
        const Json tools = s.request("tools/list")["result"]["tools"];
        for (const Json& t : tools)
            names.append(str(t, "name"));
        names.sort();
        QCOMPARE(names, QStringList({QStringLiteral("get_memory"), QStringLiteral("get_profile"),
                                     QStringLiteral("search_memory")}));
        QCOMPARE(s.request("tools/call", {{"name", "remember_fact"},
                                          {"arguments", {{"predicate", "city"}, {"object", "Paris"}}}})["error"]
                     .value("code", 0),
                 -32602);
    }

    // A tool the user never trusted may read and suggest: its facts wait in the panel, stay out
    // of the assistant's context until the user confirms them, and it cannot take anything away.
    void anUntrustedToolsFactsWaitForTheUser()
    {
        const QString db = freshDb();
        QString cityId;
        {
            Session s(db);
            s.initialize("2025-11-25", "Cherry Studio");
            QVERIFY(!toolNames(s).contains(QStringLiteral("forget")));
            QVERIFY(toolNames(s).contains(QStringLiteral("remember_fact")));
            const Json city = structured(s.call("remember_fact", {{"predicate", "city"}, {"object", "杭州"}}));
            QCOMPARE(str(city, "outcome"), QStringLiteral("pending"));
            QCOMPARE(str(city["fact"], "status"), QStringLiteral("pending"));
            cityId = str(city["fact"], "id");
            const Json sure = structured(
                s.call("remember_fact", {{"predicate", "employer"}, {"object", "Acme"}, {"confidence", 1.0}}));
            QCOMPARE(str(sure, "outcome"), QStringLiteral("pending")); // however sure the tool says it is
            QVERIFY(errorText(s.call("forget", {{"id", cityId.toStdString()}}))
                        .contains(QStringLiteral("Settings → Connected tools")));
            QVERIFY(!errorText(s.call("forget_fact", {{"predicate", "city"}})).isEmpty());
            // Pending facts are not search results either.
            QCOMPARE(structured(s.call("search_memory", {{"query", "杭州"}}))["results"].size(), 0u);
        }
        auto memory = MemoryService::open(db);
        QVERIFY(memory);
        MemoryService& m = **memory;
        auto conversation = m.createConversation(kUser, QStringLiteral("chat"));
        QVERIFY(conversation);
        ContextRequest request{
            kUser, conversation->id, QStringLiteral("我住在哪个城市？"), QStringLiteral("sys"), true, true, {}};
        const auto systemText = [&] {
            auto context = m.buildContext(request);
            return context && !context->messages.isEmpty() ? context->messages.first().content : QString();
        };
        QVERIFY(!systemText().contains(QStringLiteral("杭州")));
        QVERIFY(m.confirmFact(kUser, cityId));
        QVERIFY2(systemText().contains(QStringLiteral("杭州")), qPrintable(systemText()));
        auto tool = m.toolClient(kUser, QStringLiteral("Cherry Studio"));
        QVERIFY(tool);
        QCOMPARE(tool->access, ToolAccess::Ask);
        QVERIFY(tool->lastRead.isValid() && tool->lastWrite.isValid());
    }

    // What the user sets (the app's Connected Tools page, or `engram-cli tool-access`) holds at the
    // tool's next call, in a session already open; "memory off" in the app holds for every tool.
    void theUserDecidesWhatEachToolMayDo()
    {
        const QString db = freshDb();
        Session s(db, {QStringLiteral("--client"), QStringLiteral("Claude Code")});
        s.initialize("2025-06-18", "claude-code");
        setAccess(db, QStringLiteral("Claude Code"), "read-write");
        QCOMPARE(str(structured(s.call("remember_fact", {{"predicate", "city"}, {"object", "Berlin"}})), "outcome"),
                 QStringLiteral("created"));
        QVERIFY(toolNames(s).contains(QStringLiteral("forget")));

        setAccess(db, QStringLiteral("Claude Code"), "read-only");
        QVERIFY(errorText(s.call("remember_fact", {{"predicate", "city"}, {"object", "Paris"}}))
                    .contains(QStringLiteral("only read")));
        QCOMPARE(toolNames(s), QStringList({QStringLiteral("get_memory"), QStringLiteral("get_profile"),
                                            QStringLiteral("search_memory")}));
        QCOMPARE(structured(s.call("search_memory", {{"query", "Berlin"}}))["results"].size(), 1u);
        {
            // Reads are noted once a minute at most: more reads commit nothing, so an open panel
            // has no reason to reload.
            auto watcher = MemoryService::open(db);
            QVERIFY(watcher);
            const qint64 before = (*watcher)->database().dataVersion();
            for (int i = 0; i < 3; ++i)
                QCOMPARE(structured(s.call("search_memory", {{"query", "Berlin"}}))["results"].size(), 1u);
            QCOMPARE((*watcher)->database().dataVersion(), before);
        }

        setAccess(db, QStringLiteral("Claude Code"), "off");
        QVERIFY(errorText(s.call("search_memory", {{"query", "Berlin"}})).contains(QStringLiteral("not allowed")));
        QCOMPARE(s.request("resources/read", {{"uri", "engram://profile"}})["error"].value("code", 0), -32002);
        QCOMPARE(toolNames(s), QStringList());

        setAccess(db, QStringLiteral("Claude Code"), "read-write");
        {
            QSettings app(QStringLiteral("engram"), QStringLiteral("engram"));
            app.setValue(QLatin1String(kMemoryEnabledSetting), false);
            app.sync();
        }
        QVERIFY(errorText(s.call("search_memory", {{"query", "Berlin"}})).contains(QStringLiteral("memory off")));
        QVERIFY(errorText(s.call("remember", {{"text", "I work at Acme"}})).contains(QStringLiteral("memory off")));
        {
            QSettings app(QStringLiteral("engram"), QStringLiteral("engram"));
            app.remove(QLatin1String(kMemoryEnabledSetting));
            app.sync();
        }
        QCOMPARE(structured(s.call("search_memory", {{"query", "Berlin"}}))["results"].size(), 1u);

        // `engram-cli tools` lists the tool under the name given with --client, with its times.
        const test::CliRun listed =
            test::CliRunner(db).runAs(kUser, {QStringLiteral("--json"), QStringLiteral("tools")});
        QCOMPARE(listed.exitCode, 0);
        const Json tools = listed.json();
        QCOMPARE(tools.size(), 1u);
        QCOMPARE(str(tools[0], "name"), QStringLiteral("Claude Code"));
        QCOMPARE(str(tools[0], "access"), QStringLiteral("read-write"));
        QVERIFY(tools[0]["last_write"].is_string());
        QCOMPARE(test::CliRunner(db)
                     .runAs(kUser, {QStringLiteral("tool-access"), QStringLiteral("x"), QStringLiteral("everything")})
                     .exitCode,
                 1);
    }

    // With a model set in Engram, remember runs the extraction job as a chat turn does: the
    // model's facts, marked with the tool, in one answer; when the model cannot answer, the job
    // waits in the queue for the app.
    void rememberAsksTheModelWhenOneIsSet()
    {
        test::FakeLlmServer server;
        QVERIFY(server.isListening());
        server.enqueue(
            test::FakeMatch::extraction(),
            test::FakeReply::json(
                {{"facts",
                  {{{"subject", "user"}, {"predicate", "diet"}, {"object", "vegetarian"}, {"confidence", 0.9}}}},
                 {"updates", Json::array()},
                 {"deletes", Json::array()}}));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_BASE_URL"), server.baseUrl());
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("sk-test-fake-key"));
        env.insert(QStringLiteral("LLM_MODEL"), QStringLiteral("fake-chat"));
        const QString db = freshDb();
        setAccess(db, QStringLiteral("VS Code"), "read-write");
        {
            Session s(db, {}, env);
            s.initialize("2025-06-18", "VS Code");
            const Json noted = structured(s.call("remember", {{"text", "The user no longer eats meat"}}));
            QCOMPARE(noted["queued"], Json(false));
            QCOMPARE(noted["facts"].size(), 1u);
            QCOMPARE(str(noted["facts"][0], "object"), QStringLiteral("vegetarian"));
            QCOMPARE(server.requestCount(test::FakeMatch::extraction()), 1);

            server.enqueue(test::FakeMatch::extraction(), test::FakeReply::error(503, QStringLiteral("busy")));
            server.enqueue(test::FakeMatch::extraction(), test::FakeReply::error(503, QStringLiteral("busy")));
            server.enqueue(test::FakeMatch::extraction(), test::FakeReply::error(503, QStringLiteral("busy")));
            server.enqueue(test::FakeMatch::extraction(), test::FakeReply::error(503, QStringLiteral("busy")));
            const Json later = structured(s.call("remember", {{"text", "The user plays the cello"}}));
            QCOMPARE(later["queued"], Json(true));
            QVERIFY(str(later, "note").contains(QStringLiteral("when the model answers")));
        }
        auto memory = MemoryService::open(db);
        QVERIFY(memory);
        auto facts = (*memory)->currentFacts(kUser);
        QVERIFY(facts && facts->size() == 1);
        QCOMPARE(QString::fromStdString(facts->first().metadata.value("client", std::string())),
                 QStringLiteral("VS Code 0.9"));
        auto history = (*memory)->history(kUser, facts->first().id);
        QVERIFY(history && !history->isEmpty());
        QCOMPARE(history->first().client, QStringLiteral("VS Code 0.9"));
        // The note the model did not answer waits as one extraction job, queued for the app's job
        // runner, with the tool and its trust.
        auto pending = JobQueue((*memory)->database()).pending(kUser);
        QVERIFY(pending);
        QList<Job> notes;
        for (const Job& job : std::as_const(*pending)) {
            if (job.kind == JobRunner::kExtract)
                notes.append(job);
        }
        QCOMPARE(notes.size(), 1);
        QCOMPARE(notes.first().status, Job::Status::Queued);
        QCOMPARE(QString::fromStdString(notes.first().payload.value("user_text", std::string())),
                 QStringLiteral("The user plays the cello"));
        QCOMPARE(QString::fromStdString(notes.first().payload.value("client", std::string())),
                 QStringLiteral("VS Code 0.9"));
        QCOMPARE(notes.first().payload.value("needs_confirmation", true), false);
    }

    // With an embedding model set, search_memory ranks as a chat turn does: "car" finds the
    // "automobile" fact (the fake server's embedder treats the two as synonyms).
    void searchMemoryUsesTheEmbeddingModel()
    {
        test::FakeLlmServer server;
        server.setEmbeddingSynonyms({{QStringLiteral("automobile"), QStringLiteral("car")}});
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_BASE_URL"), server.baseUrl());
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("sk-test-fake-key"));
        env.insert(QStringLiteral("LLM_EMBEDDING_MODEL"), QStringLiteral("fake-embed"));
        const QString db = freshDb();
        setAccess(db, QStringLiteral("Cursor"), "read-write");
        test::CliRunner cli(db);
        cli.setEnvironment(env);
        QCOMPARE(cli.runAs(kUser, {QStringLiteral("add-fact"), QStringLiteral("user"), QStringLiteral("vehicle"),
                                   QStringLiteral("an old automobile")})
                     .exitCode,
                 0);
        QCOMPARE(cli.runAs(kUser, {QStringLiteral("jobs"), QStringLiteral("--run")}).exitCode, 0); // its vector
        Session s(db, {}, env);
        s.initialize("2025-06-18", "Cursor");
        const Json found = structured(s.call("search_memory", {{"query", "car"}}));
        QCOMPARE(found["results"].size(), 1u);
        QVERIFY(str(found["results"][0], "text").contains(QStringLiteral("automobile")));
        QVERIFY(server.requestCount(test::FakeMatch::embeddings()) >= 2); // the fact, then the query
    }

    void threeServersAtOnceLoseNoWrite()
    {
        const QString db = freshDb();
        constexpr int kEach = 25;
        std::vector<std::unique_ptr<Session>> sessions;
        for (int i = 0; i < 3; ++i) {
            sessions.push_back(std::make_unique<Session>(
                db, QStringList{QStringLiteral("--client"), QStringLiteral("tool%1").arg(i)}));
            sessions.back()->initialize();
        }
        // Each writes in turn without waiting for its answer, so the writes overlap.
        for (int k = 0; k < kEach; ++k) {
            for (int i = 0; i < 3; ++i) {
                const Json arguments{{"predicate", QStringLiteral("p%1_%2").arg(i).arg(k).toStdString()},
                                     {"object", "v"}};
                const Json message{{"jsonrpc", "2.0"},
                                   {"id", 1000 + k},
                                   {"method", "tools/call"},
                                   {"params", {{"name", "remember_fact"}, {"arguments", arguments}}}};
                sessions[i]->sendLine(QByteArray::fromStdString(message.dump()));
            }
        }
        for (int i = 0; i < 3; ++i) {
            for (int k = 0; k < kEach; ++k) {
                const Json answer = parse(sessions[i]->readLine());
                QVERIFY2(answer.contains("result") && !answer["result"].value("isError", true), answer.dump().c_str());
            }
        }
        sessions.clear();
        auto memory = MemoryService::open(db);
        QVERIFY(memory);
        QCOMPARE((*memory)->currentFacts(kUser)->size(), qsizetype(3 * kEach));
    }
};

QTEST_GUILESS_MAIN(TestMcp)
#include "tst_mcp.moc"
