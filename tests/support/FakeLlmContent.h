#pragma once

#include "FakeReply.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QStringList>

// How FakeLlmServer turns a request and a FakeReply into bytes. Internal to the fake server.
namespace engram::test {

struct FakeServerOptions
{
    QStringList models{QStringLiteral("fake-chat"), QStringLiteral("fake-embed")};
    int defaultChunkBytes{};
    int defaultChunkDelayMs{};
    QHash<QString, QString> embeddingSynonyms; // search token → the token it is embedded as
    bool poseAsOllama{};                        // answer Ollama's GET /api/tags with the models
};

// An HTTP response ready to be written, with the pacing the reply asked for.
struct FakeResponse
{
    int status{200};
    QList<QPair<QByteArray, QByteArray>> headers;
    QList<QByteArray> pieces; // the body in natural write units (one per SSE event)
    bool chunked{};           // Transfer-Encoding: chunked, as streams are sent
    int chunkBytes{};         // 0: write each piece as it is
    QList<int> cuts;          // instead of chunkBytes: cut the body at these offsets
    int chunkDelayMs{};
    int stallBeforeMs{};
    int stallAfterBytes{-1};
    int stallAfterMs{};
    int dropAfterBytes{-1};
    QByteArray keepAlive; // sent every keepAliveMs once the body is out, forever: the response never ends
    int keepAliveMs{};

    // The status line and headers.
    QByteArray head() const;
};

// Reads FakeReply's private fields (a friend) to write the response it describes.
struct FakeResponseBuilder
{
    static FakeResponse build(const FakeReply& reply, const RecordedRequest& request, const FakeServerOptions& options,
                              int sequence);

private:
    static void writeError(FakeResponse& response, const FakeReply& reply);
    static void writeCompletion(FakeResponse& response, const FakeReply& reply, const RecordedRequest& request,
                                int sequence);
    static void writeStream(FakeResponse& response, const FakeReply& reply, const RecordedRequest& request,
                            int sequence);
    static void writeEmbeddings(FakeResponse& response, const FakeReply& reply, const RecordedRequest& request,
                                const FakeServerOptions& options);
    static void writeModels(FakeResponse& response, const FakeReply& reply, const FakeServerOptions& options);
    static void writeOllamaTags(FakeResponse& response, const FakeServerOptions& options);
};

// The unscripted chat answer: an echo of the last user message, in Chinese when it has CJK text.
QString defaultChatText(const RecordedRequest& request);
// The unscripted extraction answer.
QString defaultExtractionText();
// The unscripted summary answer: the start of the last user message, as {"topic", "summary"}.
QString defaultSummaryText(const RecordedRequest& request);
// A deterministic unit vector: a hashed bag of the text's search tokens, each first replaced by
// its synonym if it has one (so a test can make "car" and "automobile" close).
QList<float> hashedEmbedding(const QString& text, int dimensions, const QHash<QString, QString>& synonyms = {});

} // namespace engram::test
