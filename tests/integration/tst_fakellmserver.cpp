#include "FakeLlmServer.h"
#include "ReplyRecorder.h"
#include "llm/LlmClient.h"

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

using namespace engram;
using namespace engram::test;

namespace {

constexpr int kWaitMs = 10000;

// Runs a request to its end and returns what it produced: the text, or "error: <kind>".
QString run(ChatReply* reply)
{
    const auto out = record(reply);
    if (!waitEnded(*out, kWaitMs))
        return QStringLiteral("(no answer)");
    return out->result ? out->result->text : QStringLiteral("error: ") + out->errorKind();
}

ChatRequest chat(const QString& system, const QString& user, bool json = false)
{
    ChatRequest r;
    if (!system.isEmpty())
        r.messages.append(ChatMessage::system(system));
    r.messages.append(ChatMessage::user(user));
    r.jsonObject = json;
    return r;
}

const QString kEmptyExtraction = QStringLiteral(R"({"facts":[],"updates":[],"deletes":[]})");

} // namespace

class TestFakeLlmServer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void echoesInTheUsersLanguage()
    {
        FakeLlmServer server;
        LlmClient client(server.clientSettings());
        const QString zh =
            run(client.streamChat(chat(QStringLiteral("You are helpful."), QStringLiteral("我住在杭州"))));
        QVERIFY2(zh.contains(QStringLiteral("我住在杭州")) && zh.contains(QStringLiteral("收到")), qPrintable(zh));
        const QString en = run(client.complete(chat({}, QStringLiteral("I live in Oslo"))));
        QVERIFY2(en.contains(QStringLiteral("I live in Oslo")) && en.startsWith(QStringLiteral("You said")),
                 qPrintable(en));
        // Deterministic: the same question, the same answer.
        QCOMPARE(run(client.complete(chat({}, QStringLiteral("I live in Oslo")))), en);
    }

    void answersExtractionWithEmptyJson()
    {
        FakeLlmServer server;
        LlmClient client(server.clientSettings());
        QCOMPARE(run(client.complete(chat(QStringLiteral("Reply."), QStringLiteral("hi"), true))), kEmptyExtraction);
        QCOMPARE(run(client.complete(
                     chat(QStringLiteral("Extract durable facts about the user."), QStringLiteral("I like tea")))),
                 kEmptyExtraction);
    }

    void matchersScriptExtractionAndChatSeparately()
    {
        FakeLlmServer server;
        server.enqueue(FakeMatch::extraction(), FakeReply::json({{"facts", nlohmann::json::array()}, {"n", 1}}));
        server.enqueue(FakeMatch::chat(), FakeReply::text(QStringLiteral("scripted chat")));
        LlmClient client(server.clientSettings());
        // The chat comes first, yet takes the chat reply; extraction still finds its own.
        QCOMPARE(run(client.streamChat(chat({}, QStringLiteral("hello")))), QStringLiteral("scripted chat"));
        QCOMPARE(run(client.complete(chat(QStringLiteral("Extract facts."), QStringLiteral("x"), true))),
                 QStringLiteral(R"({"facts":[],"n":1})"));
        QCOMPARE(server.pendingReplies(), 0);
        QCOMPARE(server.requestCount(FakeMatch::extraction()), 1);
        QCOMPARE(server.requestCount(FakeMatch::chat()), 1);
    }

    void requiresTheKeyWhenAsked()
    {
        FakeLlmServer server;
        server.setRequiredApiKey(QStringLiteral("sk-right"));
        LlmSettings settings = server.clientSettings();
        settings.apiKey = QStringLiteral("sk-wrong");
        LlmClient client(settings);
        QCOMPARE(run(client.complete(chat({}, QStringLiteral("hi")))), QStringLiteral("error: bad_key"));
        settings.apiKey = QStringLiteral("sk-right");
        client.setSettings(settings);
        QVERIFY(run(client.complete(chat({}, QStringLiteral("hi")))).startsWith(QStringLiteral("You said")));
    }

    void embeddingsAreDeterministicAndSimilarForSimilarText()
    {
        const QList<float> a = FakeLlmServer::embeddingFor(QStringLiteral("I like green tea"));
        const QList<float> b = FakeLlmServer::embeddingFor(QStringLiteral("I like green tea"));
        const QList<float> c = FakeLlmServer::embeddingFor(QStringLiteral("green tea is what I like"));
        const QList<float> d = FakeLlmServer::embeddingFor(QStringLiteral("部署在周五"));
        QCOMPARE(a, b);
        QCOMPARE(a.size(), 64);
        auto dot = [](const QList<float>& x, const QList<float>& y) {
            double s = 0;
            for (qsizetype i = 0; i < x.size(); ++i)
                s += double(x[i]) * y[i];
            return s;
        };
        QVERIFY(qAbs(dot(a, a) - 1.0) < 1e-5);
        QVERIFY(dot(a, c) > dot(a, d));
    }

    void recordsRequestsAndSignalsThem()
    {
        FakeLlmServer server;
        QSignalSpy spy(&server, &FakeLlmServer::requestReceived);
        LlmClient client(server.clientSettings());
        run(client.complete(chat({}, QStringLiteral("hi"))));
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kWaitMs);
        const auto recorded = spy.at(0).at(0).value<RecordedRequest>();
        QCOMPARE(recorded.path, QStringLiteral("/v1/chat/completions"));
        QCOMPARE(recorded.header("content-type"), QByteArray("application/json"));
        QCOMPARE(recorded.lastUserMessage(), QStringLiteral("hi"));
        QCOMPARE(server.completedResponses(), 1);
        server.clearRequests();
        QCOMPARE(server.requestCount(), 0);
    }

    void standaloneProgramServesAndPrintsItsUrl()
    {
        const QString program =
            QDir(qEnvironmentVariable("ENGRAM_BINARY_DIR")).filePath(QStringLiteral("tests/support/fake-llm-server"));
        if (!QFile::exists(program))
            QFAIL("fake-llm-server is not built: build the fake-llm-server target");
        QProcess process;
        process.start(program, {QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(process.waitForStarted(kWaitMs));
        QTRY_VERIFY_WITH_TIMEOUT(process.canReadLine(), kWaitMs);
        const QString url = QString::fromUtf8(process.readLine()).trimmed();
        QVERIFY2(url.startsWith(QStringLiteral("http://127.0.0.1:")) && url.endsWith(QStringLiteral("/v1")),
                 qPrintable(url));
        LlmSettings settings;
        settings.baseUrl = url;
        settings.chatModel = QStringLiteral("fake-chat");
        LlmClient client(settings);
        const QString reply = run(client.streamChat(chat({}, QStringLiteral("你好"))));
        process.kill();
        process.waitForFinished(kWaitMs);
        QVERIFY2(reply.contains(QStringLiteral("你好")), qPrintable(reply));
    }
};

QTEST_GUILESS_MAIN(TestFakeLlmServer)
#include "tst_fakellmserver.moc"
