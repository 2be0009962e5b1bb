#include "FakeLlmServer.h"
#include "ReplyRecorder.h"
#include "llm/LlmClient.h"

#include <QLoggingCategory>
#include <QPointer>
#include <QTest>

#include <memory>

using namespace engram;
using namespace engram::test;

namespace {

constexpr int kWaitMs = 10000; // generous: the machine may be busy; behaviour is asserted, not speed

// Every message Qt logs while it is installed.
QStringList g_log;
void captureMessage(QtMsgType, const QMessageLogContext& context, const QString& message)
{
    g_log.append(QString::fromLatin1(context.category ? context.category : "") + QLatin1Char(' ') + message);
}

// JSON bodies live out here: moc does not read raw string literals inside the test class.
const QByteArray kEmbeddingsOutOfOrder =
    R"({"data":[{"index":1,"embedding":[0,1]},{"index":0,"embedding":[1,0]}],"model":"e"})";
const QString kEmptyExtraction = QStringLiteral(R"({"facts":[],"updates":[],"deletes":[]})");
const QString kOneFact = QStringLiteral(R"({"facts":[{"subject":"user"}]})");

} // namespace

class TestLlmRequests final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cancelInsideDeltaStopsAtOnce()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("one two three four five six seven eight nine ten")).withChunkBytes(8, 5));
        LlmClient client(server.clientSettings());
        ChatReply* reply = client.streamChat(userSays(QStringLiteral("count")));
        reply->setAutoDelete(false); // so that only cancel() itself can stop the request
        std::unique_ptr<ChatReply> owner(reply);
        auto out = record(reply);
        int failedWhenCancelReturned = -1;
        connect(reply, &ChatReply::delta, this, [&, reply] {
            if (out->deltas.size() == 1) {
                reply->cancel();
                failedWhenCancelReturned = out->failedCount;
            }
        });
        QVERIFY(waitEnded(*out));
        QCOMPARE(failedWhenCancelReturned, 1); // failed(Cancelled) before cancel() returned
        QCOMPARE(out->errorKind(), QStringLiteral("cancelled"));
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs); // the connection really closed
        QCOMPARE(out->deltas.size(), 1);
        QCOMPARE(out->finishedCount, 0);
        QCOMPARE(out->failedCount, 1);
        QCOMPARE(server.requestCount(), 1);
    }

    void cancelFromOutsideStopsDeltas()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("a slow and steady stream of many words")).withChunkBytes(4, 10));
        LlmClient client(server.clientSettings());
        ChatReply* reply = client.streamChat(userSays(QStringLiteral("go")));
        auto out = record(reply);
        QTRY_VERIFY_WITH_TIMEOUT(out->deltas.size() >= 2, kWaitMs);
        QPointer<ChatReply> guard(reply);
        reply->cancel();
        const int seen = static_cast<int>(out->deltas.size());
        QCOMPARE(out->failedCount, 1);
        QTRY_VERIFY_WITH_TIMEOUT(guard.isNull(), kWaitMs); // deleted itself, and its request with it
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs);
        QCOMPARE(out->deltas.size(), seen);
        QCOMPARE(out->finishedCount, 0);
        QCOMPARE(out->errorKind(), QStringLiteral("cancelled"));
    }

    void cancelDuringBackoffSendsNothingMore()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(503, QStringLiteral("busy")).withRetryAfter(2));
        LlmClient client(server.clientSettings());
        ChatReply* reply = client.complete(userSays(QStringLiteral("hello")));
        QPointer<ChatReply> guard(reply);
        auto out = record(reply);
        QTRY_COMPARE_WITH_TIMEOUT(out->retryDelays.size(), 1, kWaitMs);
        reply->cancel();
        QCOMPARE(out->errorKind(), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(guard.isNull(), kWaitMs); // its retry timer went with it
        QCOMPARE(server.requestCount(), 1);
    }

    void jsonObjectFallsBackWhenRefused()
    {
        FakeLlmServer server;
        server.setRejectResponseFormat(true);
        LlmClient client(server.clientSettings());
        ChatRequest request;
        request.messages = {ChatMessage::system(QStringLiteral("Extract facts. Answer in JSON.")),
                            ChatMessage::user(QStringLiteral("I live in Hangzhou."))};
        request.jsonObject = true;
        auto out = record(client.complete(request));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(out->result->text, kEmptyExtraction);
        QCOMPARE(server.requestCount(), 2);
        QVERIFY(server.requests()[0].wantsJsonObject());
        QVERIFY(!server.requests()[1].json.contains("response_format"));

        // Learnt: the next JSON request goes without the field straight away.
        auto again = record(client.complete(request));
        QVERIFY(waitEnded(*again));
        QCOMPARE(again->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 3);
        QVERIFY(!server.lastRequest().json.contains("response_format"));
    }

    void jsonObjectIsSentWhenAccepted()
    {
        FakeLlmServer server;
        server.enqueue(FakeMatch::extraction(), FakeReply::json({{"facts", {{{"subject", "user"}}}}}));
        LlmClient client(server.clientSettings());
        ChatRequest request = userSays(QStringLiteral("I like tea"));
        request.jsonObject = true;
        auto out = record(client.complete(request));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->result->text, kOneFact);
        QCOMPARE(server.requestCount(), 1);
        QVERIFY(server.lastRequest().wantsJsonObject());
    }

    void streamUsageFallsBackWhenRefused()
    {
        FakeLlmServer server;
        server.setRejectStreamOptions(true);
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QVERIFY(!out->result->usage.has_value());
        QCOMPARE(server.requestCount(), 2);
        auto again = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*again));
        QCOMPARE(server.requestCount(), 3);
    }

    void keyIsSentButNeverLogged()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.apiKey = QStringLiteral("sk-proj-SECRET-4f9a8b7c6d5e");
        server.enqueue(FakeMatch::streaming(), FakeReply::error(500, QStringLiteral("boom")));
        server.enqueue(
            [](const RecordedRequest& r) { return !r.isStream(); },
            FakeReply::error(401, QStringLiteral("Incorrect API key provided: sk-proj-SECRET-4f9a8b7c6d5e.")));
        LlmClient client(settings);

        g_log.clear();
        QLoggingCategory::setFilterRules(QStringLiteral("engram.llm*=true"));
        const QtMessageHandler previous = qInstallMessageHandler(captureMessage);
        auto ok = record(client.streamChat(userSays(QStringLiteral("hello"))));
        const bool okEnded = waitEnded(*ok);
        auto bad = record(client.complete(userSays(QStringLiteral("hello"))));
        const bool badEnded = waitEnded(*bad);
        qInstallMessageHandler(previous);
        QLoggingCategory::setFilterRules(QString());

        QVERIFY(okEnded && badEnded);
        QCOMPARE(ok->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(bad->errorKind(), QStringLiteral("bad_key"));
        for (const RecordedRequest& r : server.requests())
            QCOMPARE(r.header("authorization"), QByteArray("Bearer sk-proj-SECRET-4f9a8b7c6d5e"));
        QVERIFY2(g_log.filter(QStringLiteral("chat/completions")).size() >= 3, "the client should log its requests");
        for (const QString& line : std::as_const(g_log)) {
            QVERIFY2(!line.contains(QStringLiteral("SECRET")), qPrintable(line));
            QVERIFY2(!line.contains(QStringLiteral("Bearer"), Qt::CaseInsensitive), qPrintable(line));
            QVERIFY2(!line.contains(QStringLiteral("Authorization"), Qt::CaseInsensitive), qPrintable(line));
        }
        QVERIFY(!bad->error->text().contains(QStringLiteral("SECRET"))); // the server echoed it; we mask it
        QVERIFY(bad->error->text().contains(QStringLiteral("Incorrect API key provided")));
    }

    void noKeyNoAuthorizationHeader()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.apiKey.clear();
        LlmClient client(settings);
        QVERIFY(waitEnded(*record(client.complete(userSays(QStringLiteral("hello"))))));
        QVERIFY(!server.lastRequest().headers.contains("authorization"));
    }

    void embeddingsComeBackInOrder()
    {
        FakeLlmServer server;
        LlmClient client(server.clientSettings());
        QVERIFY(client.canEmbed());
        const QStringList texts{QStringLiteral("hello world"), QStringLiteral("你好世界"), QString()};
        EmbeddingReply* reply = client.embed(texts);
        std::optional<EmbeddingResult> result;
        connect(reply, &EmbeddingReply::finished, this, [&](const EmbeddingResult& r) { result = r; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kWaitMs);
        QCOMPARE(result->vectors.size(), 3);
        QCOMPARE(result->vectors[0], FakeLlmServer::embeddingFor(texts[0]));
        QCOMPARE(result->vectors[1], FakeLlmServer::embeddingFor(texts[1]));
        QCOMPARE(result->vectors[0].size(), 64);
        QVERIFY(result->vectors[0] != result->vectors[1]);
        QCOMPARE(server.lastRequest().path, QStringLiteral("/v1/embeddings"));
        QCOMPARE(server.lastRequest().embeddingInputs(), texts);
        QCOMPARE(server.lastRequest().model(), QStringLiteral("fake-embed"));
    }

    void embeddingsScriptedOutOfOrder()
    {
        FakeLlmServer server;
        server.enqueue(FakeMatch::embeddings(), FakeReply::raw(200, kEmbeddingsOutOfOrder, "application/json"));
        LlmClient client(server.clientSettings());
        EmbeddingReply* reply = client.embed({QStringLiteral("a"), QStringLiteral("b")});
        std::optional<EmbeddingResult> result;
        connect(reply, &EmbeddingReply::finished, this, [&](const EmbeddingResult& r) { result = r; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kWaitMs);
        QCOMPARE(result->vectors[0], (QList<float>{1, 0}));
        QCOMPARE(result->vectors[1], (QList<float>{0, 1}));
    }

    void embeddingsOffFailsWithoutARequest()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.embeddingModel.clear();
        LlmClient client(settings);
        QVERIFY(!client.canEmbed());
        EmbeddingReply* reply = client.embed({QStringLiteral("a")});
        auto out = record(reply);
        QCOMPARE(out->failedCount, 0); // never before the caller could connect
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("bad_request"));
        QCOMPARE(server.requestCount(), 0);
    }

    void listsModels()
    {
        FakeLlmServer server;
        server.setModels({QStringLiteral("qwen2.5:7b"), QStringLiteral("llama3.2")});
        LlmClient client(server.clientSettings());
        ModelListReply* reply = client.listModels();
        std::optional<QStringList> models;
        connect(reply, &ModelListReply::finished, this, [&](const QStringList& m) { models = m; });
        QTRY_VERIFY_WITH_TIMEOUT(models.has_value(), kWaitMs);
        QCOMPARE(*models, (QStringList{QStringLiteral("llama3.2"), QStringLiteral("qwen2.5:7b")}));
        QCOMPARE(server.lastRequest().method, QByteArray("GET"));
        QCOMPARE(server.lastRequest().path, QStringLiteral("/v1/models"));
    }

    void callbackStyleGetsOneResult()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(401, "bad key"));
        LlmClient client(server.clientSettings());
        QList<QString> seen;
        whenDone(client.complete(userSays(QStringLiteral("one"))), this, [&](const LlmResult<ChatResult>& r) {
            seen.append(r ? r->text : LlmError::kindName(r.error().kind));
        });
        QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 1, kWaitMs);
        QCOMPARE(seen.front(), QStringLiteral("bad_key"));
        std::optional<qsizetype> vectors;
        whenDone(client.embed({QStringLiteral("a"), QStringLiteral("b")}), this,
                 [&](const LlmResult<EmbeddingResult>& r) { vectors = r ? r->vectors.size() : -1; });
        QTRY_VERIFY_WITH_TIMEOUT(vectors.has_value(), kWaitMs);
        QCOMPARE(*vectors, 2);
        QCOMPARE(seen.size(), 1);
    }

    void deletingTheClientEndsQuietly()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::stall(5000));
        auto client = std::make_unique<LlmClient>(server.clientSettings());
        auto out = record(client->streamChat(userSays(QStringLiteral("hello"))));
        QTRY_COMPARE_WITH_TIMEOUT(server.requestCount(), 1, kWaitMs);
        client.reset();
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs);
        QCOMPARE(out->finishedCount + out->failedCount, 0);
    }
};

QTEST_GUILESS_MAIN(TestLlmRequests)
#include "tst_llmrequests.moc"
