// Fuzzes SseParser and ChatStreamDecoder. Two checks per input:
// 1. The input as raw stream bytes: fed whole, or cut at random points, the parser gives the same
//    events and the decoder the same text, finish reason and failure.
// 2. A valid chat stream built from the input (its text cut into pieces, each a JSON chunk, with
//    the line endings, comments, byte-order mark and "data:" spacing the input picks): the decoder
//    must give back exactly the text, whole and cut at random points.
#include "FuzzSupport.h"
#include "core/Utf8.h"
#include "llm/ChatStreamDecoder.h"
#include "llm/SseParser.h"

#include <fuzzer/FuzzedDataProvider.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>

using namespace engram;

namespace {

// Cuts `bytes` at `cuts` random points (seeded, so an input always cuts the same way).
QList<QByteArrayView> randomPieces(QByteArrayView bytes, std::minstd_rand& rng, int cuts)
{
    QList<qsizetype> points{0, bytes.size()};
    for (int i = 0; i < cuts && !bytes.isEmpty(); ++i)
        points.append(static_cast<qsizetype>(rng() % static_cast<quint64>(bytes.size() + 1)));
    std::sort(points.begin(), points.end());
    QList<QByteArrayView> pieces;
    for (qsizetype i = 0; i + 1 < points.size(); ++i)
        pieces.append(bytes.sliced(points[i], points[i + 1] - points[i]));
    return pieces;
}

struct Decoded
{
    QString text;   // result().text
    QString joined; // the pieces feed() returned, joined
    QString finishReason;
    bool done{};
    bool failed{};
    int errorKind{-1};
};

Decoded decode(const QList<QByteArrayView>& pieces)
{
    ChatStreamDecoder decoder;
    Decoded d;
    for (const QByteArrayView piece : pieces)
        d.joined += decoder.feed(piece).join(QString());
    d.text = decoder.result().text;
    d.finishReason = decoder.result().finishReason;
    d.done = decoder.isDone();
    d.failed = decoder.hasFailed();
    if (decoder.error())
        d.errorKind = static_cast<int>(decoder.error()->kind);
    return d;
}

QString describe(const Decoded& d)
{
    return QStringLiteral("text=%1 joined=%2 finish=%3 done=%4 failed=%5 kind=%6")
        .arg(d.text.left(200), d.joined.left(200), d.finishReason)
        .arg(d.done)
        .arg(d.failed)
        .arg(d.errorKind);
}

bool same(const Decoded& a, const Decoded& b)
{
    return a.text == b.text && a.joined == b.joined && a.finishReason == b.finishReason && a.done == b.done &&
           a.failed == b.failed && a.errorKind == b.errorKind;
}

void checkRawBytes(QByteArrayView bytes, std::minstd_rand& rng)
{
    SseParser whole;
    const QList<SseEvent> wholeEvents = whole.feed(bytes);
    const QList<QByteArrayView> pieces = randomPieces(bytes, rng, 1 + static_cast<int>(rng() % 16));
    SseParser cut;
    QList<SseEvent> cutEvents;
    for (const QByteArrayView piece : pieces)
        cutEvents += cut.feed(piece);
    if (wholeEvents != cutEvents)
        fuzz::fail("SseParser: the same events whole and cut",
                   QStringLiteral("%1 events whole, %2 cut").arg(wholeEvents.size()).arg(cutEvents.size()));
    if (whole.isDone() != cut.isDone() || whole.hasPendingData() != cut.hasPendingData())
        fuzz::fail("SseParser: the same state whole and cut");
    for (const SseEvent& e : wholeEvents) {
        if (e.data.trimmed() == "[DONE]")
            fuzz::fail("SseParser: [DONE] is never returned as an event");
    }

    const Decoded a = decode({bytes});
    const Decoded b = decode(pieces);
    if (!same(a, b))
        fuzz::fail("ChatStreamDecoder: the same result whole and cut", describe(a) + u'\n' + describe(b));
    if (a.text != a.joined)
        fuzz::fail("ChatStreamDecoder: the pieces make the text", describe(a));
}

std::string chunk(const std::string& content, bool last)
{
    nlohmann::json choice = {{"index", 0}, {"delta", {{"content", content}}}, {"finish_reason", nullptr}};
    if (last)
        choice["finish_reason"] = "stop";
    nlohmann::json j = {{"id", "chatcmpl-1"},
                        {"object", "chat.completion.chunk"},
                        {"model", "fuzz-model"},
                        {"choices", nlohmann::json::array({choice})}};
    if (last)
        j["usage"] = {{"prompt_tokens", 3}, {"completion_tokens", 5}, {"total_tokens", 8}};
    return j.dump();
}

void checkBuiltStream(FuzzedDataProvider& provider, std::minstd_rand& rng)
{
    const auto options = provider.ConsumeIntegral<uint8_t>();
    const char* const endings[] = {"\n", "\r\n", "\r", "\n"};
    const std::string eol = endings[options & 3];
    const bool bom = options & 4;
    const bool comments = options & 8;
    const bool noSpace = options & 16;
    const bool twoPerEvent = options & 32;
    const bool trailingGarbage = options & 64;

    QString expected;
    std::string stream = bom ? "\xEF\xBB\xBF" : "";
    const std::string data = noSpace ? "data:" : "data: ";
    int inEvent = 0;
    while (provider.remaining_bytes() > 0) {
        const std::string raw = provider.ConsumeRandomLengthString(64);
        // Valid UTF-8 only: what a real server sends (invalid bytes become U+FFFD). Every character
        // kept, a leading U+FEFF too, which QString::fromUtf8 would drop before the decoder saw it.
        const QString piece = utf8::decode(raw);
        expected += piece;
        if (comments)
            stream += ": keep-alive" + eol;
        stream += data + chunk(piece.toStdString(), false) + eol;
        if (!twoPerEvent || ++inEvent == 2) {
            stream += eol;
            inEvent = 0;
        }
    }
    if (inEvent)
        stream += eol;
    stream += data + chunk(std::string(), true) + eol + eol;
    stream += "data: [DONE]" + eol + eol;
    if (trailingGarbage)
        stream += "data: {not json" + eol + eol;

    const QByteArrayView bytes(stream.data(), static_cast<qsizetype>(stream.size()));
    const Decoded whole = decode({bytes});
    if (whole.failed || !whole.done || whole.text != expected || whole.joined != expected ||
        whole.finishReason != QLatin1String("stop"))
        fuzz::fail("ChatStreamDecoder: a valid stream gives back its text",
                   QStringLiteral("expected=%1\n").arg(expected.left(200)) + describe(whole));
    for (int round = 0; round < 4; ++round) {
        const Decoded cut = decode(randomPieces(bytes, rng, 1 + static_cast<int>(rng() % 64)));
        if (!same(whole, cut))
            fuzz::fail("ChatStreamDecoder: a valid stream cut anywhere gives back its text",
                       describe(whole) + u'\n' + describe(cut));
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // The cuts depend on the input only, so a crash reproduces.
    std::minstd_rand rng(static_cast<std::minstd_rand::result_type>(qHashBits(data, size, 0x5eed) | 1));
    checkRawBytes(QByteArrayView(data, static_cast<qsizetype>(size)), rng);
    FuzzedDataProvider provider(data, size);
    checkBuiltStream(provider, rng);
    return 0;
}
