// engram-cli mcp as a client runs it: a real subprocess over stdio, one JSON-RPC message per line
// — the handshake, every tool and resource, every error, Chinese and English, the end of a
// session, and three servers writing one memory file at once.
#include "CliRunner.h"
#include "memory/MemoryService.h"

#include <QElapsedTimer>
#include <QProcess>
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
    explicit Session(const QString& database, const QStringList& extra = {})
    {
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

    static Json structured(const Json& result)
    {
        // The structured content and the text content are the same JSON.
        if (!result.contains("structuredContent") || !result.contains("content"))
            return Json();
        const Json text = Json::parse(result["content"][0].value("text", std::string()), nullptr, false);
        return text == result["structuredContent"] ? result["structuredContent"] : Json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(test::CliRunner::binary()), qPrintable(test::CliRunner::binary()));
    }

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
        Session s(freshDb());
        s.initialize();
        const Json tools = s.request("tools/list")["result"]["tools"];
        QMap<QString, Json> byName;
        for (const Json& t : tools)
            byName.insert(str(t, "name"), t);
        QCOMPARE(byName.keys(), QStringList({QStringLiteral("forget"), QStringLiteral("forget_fact"),
                                             QStringLiteral("get_memory"), QStringLiteral("get_profile"),
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
        QString cityId;
        {
            Session s(db);
            s.initialize("2025-06-18", "Cursor");
            Json city = structured(s.call("remember_fact", {{"predicate", "城市"}, {"object", "杭州"}}));
            QCOMPARE(str(city, "outcome"), QStringLiteral("created"));
            QCOMPARE(str(city["fact"], "source"), QStringLiteral("tool"));
            QCOMPARE(str(city["fact"], "client"), QStringLiteral("Cursor 0.9"));
            cityId = str(city["fact"], "id");
            QCOMPARE(str(structured(s.call("remember_fact", {{"subject", "user"}, {"predicate", "employer"},
                                                             {"object", "Acme"}})),
                         "outcome"),
                     QStringLiteral("created"));
            const Json moved = structured(s.call("remember_fact", {{"predicate", "employer"}, {"object", "Initech"}}));
            QCOMPARE(str(moved, "outcome"), QStringLiteral("superseded")); // updated, not piled up
            // No secret is stored, whoever sends it.
            const Json secret = structured(s.call(
                "remember_fact", {{"predicate", "note"}, {"object", "my key is sk-proj-abcdefghijklmnopqrstuvwxyz0123"}}));
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

            QCOMPARE(structured(s.call("forget_fact", {{"predicate", "employer"}}))["forgotten"], Json(true));
            QCOMPARE(structured(s.call("forget_fact", {{"predicate", "employer"}}))["forgotten"], Json(false));
            QCOMPARE(str(structured(s.call("forget", {{"id", cityId.toStdString()}})), "forgotten"), cityId);
            QCOMPARE(structured(s.call("get_profile", Json::object()))["total"].get<int>(), 1);
        }
        // In the memory the panel reads: the fact from a tool says so.
        auto memory = MemoryService::open(db);
        QVERIFY(memory);
        auto facts = (*memory)->currentFacts(kUser);
        QVERIFY(facts && facts->size() == 1);
        QCOMPARE(MemoryItem::fromFact(facts->first()).origin(), ItemOrigin::Tool);
        QCOMPARE(QString::fromStdString(facts->first().metadata.value("client", std::string())),
                 QStringLiteral("Cursor 0.9"));
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
            {"{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"forget\",\"arguments\":\"x\"}}", -32602},
            {"{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":[1]}", -32602},
            {"{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"resources/read\",\"params\":{\"uri\":\"engram://nope\"}}", -32002},
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
        QByteArray huge = "{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"tools/call\",\"params\":{\"name\":\"search_memory\","
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
        const Json item =
            s.request("resources/read", {{"uri", QString(QStringLiteral("engram://memory/") + id).toStdString()}})["result"]["contents"][0];
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

    void threeServersAtOnceLoseNoWrite()
    {
        const QString db = freshDb();
        constexpr int kEach = 25;
        std::vector<std::unique_ptr<Session>> sessions;
        for (int i = 0; i < 3; ++i) {
            sessions.push_back(std::make_unique<Session>(db, QStringList{QStringLiteral("--client"),
                                                                         QStringLiteral("tool%1").arg(i)}));
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
