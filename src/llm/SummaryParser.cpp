#include "llm/SummaryParser.h"

#include "llm/JsonReply.h"

#include <QRegularExpression>

namespace engram {
namespace {

// The string under `key`, or an empty string when it is missing or not a string.
QString stringField(const Json& root, const char* key)
{
    const auto it = root.find(key);
    if (it == root.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>()).trimmed();
}

Error unreadable(const QString& why)
{
    return Error::invalid(
        QStringLiteral("The model's summary reply %1; the messages stay in the summary buffer.").arg(why));
}

} // namespace

Result<SummaryReply> SummaryParser::parse(const QString& reply)
{
    const std::optional<Json> root = JsonReply::find(reply);
    if (!root)
        return unreadable(QStringLiteral("holds no readable JSON object"));
    SummaryReply result;
    try {
        result.summary = stringField(*root, "summary");
        result.topic = normalisedTopic(stringField(*root, "topic"));
    } catch (const nlohmann::json::exception& e) {
        return unreadable(QStringLiteral("could not be read (%1)").arg(QString::fromUtf8(e.what())));
    }
    if (result.summary.isEmpty())
        return unreadable(QStringLiteral("has no \"summary\" text"));
    if (result.summary.size() > kMaxSummaryLength)
        return unreadable(QStringLiteral("has a summary longer than %1 characters").arg(kMaxSummaryLength));
    return result;
}

namespace {

QString normalisedOnce(const QString& topic)
{
    // Sentence punctuation and quotes only: "C++" and "C#" keep their symbols.
    static const QString marks = QStringLiteral("[\\s。，、；：？！.,;:!?\"'“”‘’「」『』()（）\\[\\]【】]+");
    static const QRegularExpression edges(QStringLiteral("^%1|%1$").arg(marks));
    QString key = topic.normalized(QString::NormalizationForm_KC).toLower().simplified();
    key.remove(edges);
    if (key.size() > SummaryParser::kMaxTopicLength) {
        key.truncate(key.at(SummaryParser::kMaxTopicLength - 1).isHighSurrogate() ? SummaryParser::kMaxTopicLength - 1 : SummaryParser::kMaxTopicLength);
        key.remove(edges); // the cut may end on a space or a mark: the key must be normalised as it stands
    }
    return key;
}

} // namespace

QString SummaryParser::normalisedTopic(const QString& topic)
{
    // Lowercasing can undo NFKC (İ becomes i + U+0307, which may then stand before another mark in
    // an order NFKC changes), and NFKC can make a capital (ℌ → H): normalise until the key stands
    // still, so that the key of a key is itself (summaries merge by it). Two rounds in practice.
    QString key = normalisedOnce(topic);
    for (int round = 0; round < 4; ++round) {
        QString again = normalisedOnce(key);
        if (again == key)
            break;
        key = std::move(again);
    }
    return key;
}

} // namespace engram
