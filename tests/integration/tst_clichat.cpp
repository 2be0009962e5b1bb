#include "CliRunner.h"
#include "FakeLlmServer.h"
#include "TestSupport.h"

#include "llm/LlmSettings.h"
#include "llm/LlmTypes.h"
#include "memory/MemoryConfig.h"

#include <QDir>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;
using namespace engram::test;

namespace {

Json extraction(std::initializer_list<std::tuple<const char*, const char*, double>> facts)
{
    Json list = Json::array();
    for (const auto& [predicate, object, confidence] : facts)
        list.push_back({{"subject", "user"}, {"predicate", predicate}, {"object", object}, {"confidence", confidence}});
    return {{"facts", list}, {"updates", Json::array()}, {"deletes", Json::array()}};
}

QString str(const Json& j, const char* key)
{
    return QString::fromStdString(j.value(key, std::string()));
}

// The active facts with this predicate, as `list --tier semantic --json` shows them.
QStringList activeObjects(const CliRun& listed, const QString& predicate)
{
    QStringList objects;
    const Json items = listed.json();
    if (!items.is_array())
        return {QStringLiteral("<not a JSON array>")};
    for (const Json& item : items) {
        if (str(item, "predicate") == predicate && str(item, "status") == QLatin1String("active"))
            objects << str(item, "object");
    }
    return objects;
}

int extractionRequests(const FakeLlmServer& server)
{
    return server.requestCount(FakeMatch::extraction());
}

} // namespace

// `engram-cli chat` and `engram-cli jobs`: the real executable against a fake model endpoint.
class TestCliChat final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void springBootFactReachesANewConversation();
    void projectChangeLeavesOneCurrentFact();
    void incognitoChatStoresNothing();
    void killedJobRunIsFinishedExactlyOnceAfterRestart();
    void replyStreamsToStdoutAsItArrives();
    void unreachableEndpointExitsFiveAndKeepsTheMessage();
    void endlessStreamEndsAtTheDeadlineAndKeepsThePart();
    void droppedStreamKeepsThePartReceived();
    void runawayReplyIsCutAndSaysSo();
    void searchFusesVectorsWhenAnEmbeddingModelIsSet();
    void turnsOfOneProcessEachStillReachForgetting();

private:
    CliRunner runner() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCliChat::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY2(m_server->isListening(), qPrintable(m_server->errorString()));
}

void TestCliChat::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

CliRunner TestCliChat::runner() const
{
    CliRunner cli(m_dir->filePath(QStringLiteral("engram.sqlite")));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // No settings file of the app: the endpoint comes from the environment only.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("LLM_BASE_URL"), m_server->baseUrl());
    env.insert(QStringLiteral("LLM_MODEL"), QStringLiteral("fake-chat"));
    env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("sk-test-fake-key"));
    cli.setEnvironment(env);
    return cli;
}

void TestCliChat::springBootFactReachesANewConversation()
{
    const CliRunner cli = runner();
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("好的，Spring Boot 3 我熟悉。", 3));
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"job", "Java 后端开发", 0.9},
                                                                           {"tech_stack", "Spring Boot 3", 0.9}})));
    const CliRun first = cli.run({QStringLiteral("chat"), QStringLiteral("--wait"),
                                  QStringLiteral("我是Java后端开发，项目用的是Spring Boot 3")});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QCOMPARE(first.outText(), QStringLiteral("好的，Spring Boot 3 我熟悉。\n"));
    QCOMPARE(extractionRequests(*m_server), 1);

    m_server->clearRequests();
    const CliRun second = cli.run({QStringLiteral("chat"), QStringLiteral("--new"), QStringLiteral("--json"),
                                   QStringLiteral("帮我看看配置为什么加载失败")});
    QVERIFY2(second.exitCode == 0, second.err.constData());
    const Json answer = second.json();
    QVERIFY(answer.is_object());
    QCOMPARE(str(answer, "status"), QStringLiteral("complete"));
    QVERIFY(!answer.at("memory_ids").empty());
    bool sawChat = false;
    for (const RecordedRequest& r : m_server->requests()) {
        if (!r.isStream())
            continue;
        sawChat = true;
        QVERIFY2(r.systemPrompt().contains(QStringLiteral("Spring Boot 3")), qPrintable(r.systemPrompt()));
        QCOMPARE(r.lastUserMessage(), QStringLiteral("帮我看看配置为什么加载失败"));
    }
    QVERIFY(sawChat);
    // --new started a second conversation rather than continuing the first.
    QVERIFY(!first.errText().contains(str(answer, "conversation_id")));
}

void TestCliChat::projectChangeLeavesOneCurrentFact()
{
    const CliRunner cli = runner();
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("星火计划听起来不错"));
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"project", "星火计划", 0.9}})));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("--wait"), QStringLiteral("我在做星火计划项目")}).exitCode,
             0);
    QCOMPARE(activeObjects(cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("semantic"),
                                    QStringLiteral("--json")}),
                           QStringLiteral("project")),
             QStringList{QStringLiteral("星火计划")});

    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("短视频方向很有前景"));
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"project", "短视频", 0.9}})));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("--wait"), QStringLiteral("我转做短视频了")}).exitCode, 0);
    QCOMPARE(activeObjects(cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("semantic"),
                                    QStringLiteral("--json")}),
                           QStringLiteral("project")),
             QStringList{QStringLiteral("短视频")});
}

void TestCliChat::incognitoChatStoresNothing()
{
    const CliRunner cli = runner();
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("记住了"));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("--wait"), QStringLiteral("我住在杭州")}).exitCode, 0);
    const CliRun before = cli.run({QStringLiteral("stats"), QStringLiteral("--json")});
    QCOMPARE(before.exitCode, 0);

    m_server->clearRequests();
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("这是无痕模式的回答"));
    const CliRun secret = cli.run({QStringLiteral("chat"), QStringLiteral("--incognito"), QStringLiteral("--wait"),
                                   QStringLiteral("我的新密码提示是蓝色鲸鱼，我搬到了成都")});
    QVERIFY2(secret.exitCode == 0, secret.err.constData());
    QCOMPARE(secret.outText(), QStringLiteral("这是无痕模式的回答\n"));
    QCOMPARE(m_server->requestCount(FakeMatch::streaming()), 1);
    QCOMPARE(extractionRequests(*m_server), 0);

    const CliRun after = cli.run({QStringLiteral("stats"), QStringLiteral("--json")});
    QCOMPARE(after.json(), before.json());
    const CliRun jobs = cli.run({QStringLiteral("jobs"), QStringLiteral("--json")});
    QCOMPARE(jobs.json(), Json::array());
}

void TestCliChat::killedJobRunIsFinishedExactlyOnceAfterRestart()
{
    const CliRunner cli = runner();
    // Two turns without --wait: their extraction jobs stay queued.
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("收到"));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("今天想聊聊周末计划")}).exitCode, 0);
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("好的"));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("再说说晚饭吃什么")}).exitCode, 0);
    QCOMPARE(extractionRequests(*m_server), 0);
    const Json queued = cli.run({QStringLiteral("jobs"), QStringLiteral("--json")}).json();
    QVERIFY(queued.is_array());
    QCOMPARE(queued.size(), std::size_t{2});

    // A job run killed while the model is still thinking about the first job.
    m_server->enqueue(FakeMatch::extraction(), FakeReply::stall(60000));
    QProcess killed;
    QStringList args{QStringLiteral("--db"), cli.databasePath(), QStringLiteral("jobs"), QStringLiteral("--run")};
    killed.setProcessEnvironment(cli.environment());
    killed.start(CliRunner::binary(), args);
    QVERIFY(killed.waitForStarted(30000));
    QTRY_VERIFY_WITH_TIMEOUT(extractionRequests(*m_server) == 1, 60000);
    killed.kill();
    QVERIFY(killed.waitForFinished(30000));

    m_server->clearQueue();
    m_server->clearRequests();
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"employer", "星辰科技", 0.9}})));
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({{"goal", "学会日语", 0.9}})));
    const CliRun run = cli.run({QStringLiteral("jobs"), QStringLiteral("--run"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.json().value("succeeded", -1), 2);
    QCOMPARE(run.json().value("failed", -1), 0);
    QCOMPARE(extractionRequests(*m_server), 2);

    const CliRun listed = cli.run(
        {QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("semantic"), QStringLiteral("--json")});
    QCOMPARE(activeObjects(listed, QStringLiteral("employer")), QStringList{QStringLiteral("星辰科技")});
    QCOMPARE(activeObjects(listed, QStringLiteral("goal")), QStringList{QStringLiteral("学会日语")});
    QCOMPARE(cli.run({QStringLiteral("jobs"), QStringLiteral("--json")}).json(), Json::array());

    // Nothing is left to do twice.
    const CliRun again = cli.run({QStringLiteral("jobs"), QStringLiteral("--run"), QStringLiteral("--json")});
    QCOMPARE(again.json().value("succeeded", -1), 0);
    QCOMPARE(extractionRequests(*m_server), 2);
}

void TestCliChat::replyStreamsToStdoutAsItArrives()
{
    const CliRunner cli = runner();
    const QString text = QStringLiteral("你好！这是流式输出🙂，一段一段地到来🚀。");
    // Half of the stream, then a long pause: the first half must be on stdout before the rest is sent.
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream(text).withDeltaChars(2).withStallAfter(400, 5000));
    QProcess process;
    process.setProcessEnvironment(cli.environment());
    process.start(CliRunner::binary(), {QStringLiteral("--db"), cli.databasePath(), QStringLiteral("chat"),
                                        QStringLiteral("--new"), QStringLiteral("说点什么")});
    QVERIFY(process.waitForStarted(30000));
    QVERIFY(process.waitForReadyRead(60000));
    QByteArray early = process.readAllStandardOutput();
    QCOMPARE(process.state(), QProcess::Running);
    QVERIFY(!early.isEmpty());
    QVERIFY2(text.toUtf8().startsWith(early), early.constData());
    QVERIFY(early.size() < text.toUtf8().size());
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(early + process.readAllStandardOutput()), text + QLatin1Char('\n'));
}

void TestCliChat::unreachableEndpointExitsFiveAndKeepsTheMessage()
{
    CliRunner cli = runner();
    QProcessEnvironment env = cli.environment();
    // Port 1 on loopback: nothing listens there.
    env.insert(QStringLiteral("LLM_BASE_URL"), QStringLiteral("http://127.0.0.1:1/v1"));
    cli.setEnvironment(env);
    const QString message = QStringLiteral("这条消息发不出去也要留下");
    const CliRun failed = cli.run({QStringLiteral("chat"), message});
    QCOMPARE(failed.exitCode, 5);
    QVERIFY(failed.errText().contains(QStringLiteral("Model endpoint error")));
    QVERIFY(failed.outText().isEmpty());

    const CliRun working = cli.run(
        {QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("working"), QStringLiteral("--json")});
    bool kept = false;
    for (const Json& item : working.json())
        kept = kept || str(item, "content") == message;
    QVERIFY2(kept, working.out.constData());
}

namespace {

// The conversation's messages as `list --tier working --json` shows them (content → status).
QList<std::pair<QString, QString>> workingMessages(const CliRunner& cli)
{
    QList<std::pair<QString, QString>> messages;
    const Json items =
        cli.run({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("working"), QStringLiteral("--json")})
            .json();
    for (const Json& item : items)
        messages.append({str(item, "content"), str(item, "status")});
    return messages;
}

} // namespace

void TestCliChat::endlessStreamEndsAtTheDeadlineAndKeepsThePart()
{
    // The app's settings file, as the Settings dialog writes it: a two-second deadline.
    QDir().mkpath(m_dir->filePath(QStringLiteral("config/engram")));
    QSettings app(m_dir->filePath(QStringLiteral("config/engram/engram.conf")), QSettings::IniFormat);
    app.setValue(QString::fromLatin1(LlmSettingsKey::replyDeadlineSeconds), 2);
    app.sync();
    const CliRunner cli = runner();
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("Half an answer").withEndlessKeepAlive(100));
    const CliRun run = cli.run({QStringLiteral("chat"), QStringLiteral("tell me everything")});
    QCOMPARE(run.exitCode, 5);
    QCOMPARE(run.outText(), QStringLiteral("Half an answer\n"));
    QVERIFY2(run.errText().contains(QStringLiteral("still sending")), run.err.constData());
    QVERIFY2(run.errText().contains(QStringLiteral("is kept in the conversation")), run.err.constData());
    const auto messages = workingMessages(cli);
    QCOMPARE(messages.size(), 2);
    // (list's status is the window's; tst_turnpipeline checks the stored message status "failed".)
    QVERIFY(std::ranges::any_of(messages, [](const auto& m) { return m.first == QStringLiteral("Half an answer"); }));
}

void TestCliChat::droppedStreamKeepsThePartReceived()
{
    const CliRunner cli = runner();
    const QString text = QStringLiteral("A long answer that breaks off somewhere in the middle. ").repeated(10);
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream(text).withDropAfter(1200));
    const CliRun run = cli.run({QStringLiteral("chat"), QStringLiteral("--json"), QStringLiteral("go on")});
    QCOMPARE(run.exitCode, 5);
    const Json answer = run.json();
    const QString partial = str(answer, "reply");
    QVERIFY(!partial.isEmpty());
    QVERIFY(text.startsWith(partial));
    QCOMPARE(str(answer, "status"), QStringLiteral("failed"));
    QVERIFY(!str(answer, "kept_reply_id").isEmpty());
    const auto messages = workingMessages(cli);
    QVERIFY(std::ranges::any_of(messages, [&](const auto& m) { return m.first == partial; }));
}

void TestCliChat::runawayReplyIsCutAndSaysSo()
{
    const CliRunner cli = runner();
    const QString text = QStringLiteral("无尽的回答。").repeated(kMaxReplyChars / 6 + 3000);
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream(text).withDeltaChars(4096));
    const CliRun run = cli.run({QStringLiteral("chat"), QStringLiteral("write forever")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.outText().size(), kMaxReplyChars + 1); // and the newline
    QVERIFY2(run.errText().contains(QStringLiteral("longer than")), run.err.constData());
    bool stored = false;
    for (const auto& [content, status] : workingMessages(cli))
        stored = stored || (content.size() == kMaxReplyChars && text.startsWith(content));
    QVERIFY(stored);
}

// Each `engram-cli chat` is a process of its own that writes once: the count toward the next
// forgetting pass goes on from the memory's episodes, so a user who only chats from scripts is
// forgotten like one in the app (here by the capacity set in the app's Settings).
void TestCliChat::turnsOfOneProcessEachStillReachForgetting()
{
    CliRunner cli = runner();
    QSettings settings(m_dir->filePath(QStringLiteral("config/engram/engram.conf")), QSettings::IniFormat);
    settings.setValue(QLatin1String(MemorySettingsKey::episodeCapacity), 100); // the import fits
    settings.sync();
    Json doc = {{"format", "engram-memory"}, {"version", 1}, {"episodes", Json::array()}};
    for (int i = 0; i < 48; ++i)
        doc["episodes"].push_back(
            {{"content", QStringLiteral("old note %1 n%1").arg(i).toStdString()},
             {"created_at", QStringLiteral("2026-01-01T00:%1:00Z").arg(i, 2, 10, QLatin1Char('0')).toStdString()}});
    const QString file = m_dir->filePath(QStringLiteral("notes.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(doc.dump()));
    out.close();
    QCOMPARE(cli.run({QStringLiteral("import"), file}).exitCode, 0);

    const auto queuedKinds = [&cli] {
        QStringList kinds;
        for (const Json& job : cli.run({QStringLiteral("jobs"), QStringLiteral("--json")}).json())
            kinds << str(job, "kind");
        kinds.sort();
        return kinds;
    };
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("收到"));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("今天想聊聊周末计划")}).exitCode, 0);
    QCOMPARE(queuedKinds(), QStringList{QStringLiteral("extract")}); // 49 episodes
    m_server->enqueue(FakeMatch::streaming(), FakeReply::stream("好的"));
    QCOMPARE(cli.run({QStringLiteral("chat"), QStringLiteral("再说说晚饭吃什么")}).exitCode, 0);
    QCOMPARE(queuedKinds(), (QStringList{QStringLiteral("extract"), QStringLiteral("extract"),
                                         QStringLiteral("forget")})); // the fiftieth

    settings.setValue(QLatin1String(MemorySettingsKey::episodeCapacity), 10);
    settings.sync();
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
    m_server->enqueue(FakeMatch::extraction(), FakeReply::json(extraction({})));
    const CliRun run = cli.run({QStringLiteral("jobs"), QStringLiteral("--run"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.json().value("succeeded", -1), 3);
    const CliRun listed = cli.run(
        {QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("episodic"), QStringLiteral("--json")});
    QCOMPARE(listed.json().size(), std::size_t{10});
}

QTEST_GUILESS_MAIN(TestCliChat)
namespace {

// The ids of a search's results, as `search --json` (or one line of a batch) gives them.
QStringList resultIds(const Json& line)
{
    QStringList ids;
    for (const Json& item : line.value("results", Json::array()))
        ids << str(item, "id");
    return ids;
}

} // namespace

// `search` ranks as a chat turn does when an embedding model is set (LLM_EMBEDDING_MODEL): the
// query is embedded and fused with the keyword ranking, so "car" finds an exchange about an
// "automobile" (the fake server's embedder treats the two as synonyms). Imported items get their
// vectors from `jobs --run`, which also chooses the fusion weights for the search; --lexical-only
// turns vectors off; an endpoint that cannot embed leaves the search on keywords, said once.
void TestCliChat::searchFusesVectorsWhenAnEmbeddingModelIsSet()
{
    m_server->setEmbeddingSynonyms({{QStringLiteral("automobile"), QStringLiteral("car")}});
    CliRunner cli = runner();
    QProcessEnvironment env = cli.environment();
    env.insert(QStringLiteral("LLM_EMBEDDING_MODEL"), QStringLiteral("fake-embed"));
    cli.setEnvironment(env);

    const QString file = m_dir->filePath(QStringLiteral("episodes.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(R"({"format":"engram-memory","version":1,"episodes":[
        {"id":"0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6","content":"I finally sold my old automobile","response":"Congratulations"},
        {"id":"1d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6","content":"I bake bread on Sundays","response":"Lovely"}]})");
    out.close();
    QCOMPARE(cli.run({QStringLiteral("import"), file}).exitCode, 0);
    const QString automobile = QStringLiteral("0d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6");

    const CliRun embedded = cli.run({QStringLiteral("jobs"), QStringLiteral("--run"), QStringLiteral("--json")});
    QCOMPARE(embedded.exitCode, 0);
    QVERIFY2(embedded.json().value("succeeded", 0) >= 1, embedded.out.constData());

    // `jobs --run` chose the fusion weights and kept them: the search, which only reads, fuses
    // with them and neither probes again (it would log its choice) nor tries to write.
    QProcessEnvironment logged = env;
    logged.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("engram.memory.info=true"));
    cli.setEnvironment(logged);
    const CliRun hybrid = cli.run({QStringLiteral("search"), QStringLiteral("car"), QStringLiteral("--json")});
    cli.setEnvironment(env);
    QCOMPARE(hybrid.exitCode, 0);
    QCOMPARE(resultIds(hybrid.json()), QStringList{automobile});
    QVERIFY(m_server->requestCount(FakeMatch::embeddings()) >= 2); // the items, then the query
    QVERIFY2(!hybrid.errText().contains(QLatin1String("fusion weights")), hybrid.err.constData());

    const CliRun lexical = cli.run(
        {QStringLiteral("search"), QStringLiteral("car"), QStringLiteral("--lexical-only"), QStringLiteral("--json")});
    QCOMPARE(lexical.exitCode, 0);
    QCOMPARE(resultIds(lexical.json()), QStringList());

    // A batch embeds every line.
    const CliRun batch = cli.run({QStringLiteral("search")}, "car\nbread\n");
    QCOMPARE(batch.exitCode, 0);
    const QList<QByteArray> lines = batch.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QCOMPARE(resultIds(Json::parse(lines[0].toStdString())), QStringList{automobile});
    QVERIFY(resultIds(Json::parse(lines[1].toStdString()))
                .contains(QStringLiteral("1d1f2e3a-4b5c-4d6e-8f70-8192a3b4c5d6")));

    // Nothing listening: keyword results, exit 0, the reason said once for the whole batch.
    env.insert(QStringLiteral("LLM_BASE_URL"), QStringLiteral("http://127.0.0.1:1/v1"));
    cli.setEnvironment(env);
    const CliRun offline = cli.run({QStringLiteral("search")}, "car\nbread\n");
    QCOMPARE(offline.exitCode, 0);
    QCOMPARE(offline.errText().count(QStringLiteral("searching by keywords only")), 1);
    const QList<QByteArray> offlineLines = offline.out.trimmed().split('\n');
    QCOMPARE(offlineLines.size(), 2);
    QCOMPARE(resultIds(Json::parse(offlineLines[0].toStdString())), QStringList());
}

#include "tst_clichat.moc"
