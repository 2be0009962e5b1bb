#include "TestSupport.h"
#include "core/TokenEstimator.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace engram;

namespace {

// One text of tests/fixtures/token_counts.json with its true cl100k_base token count, recorded by
// scripts/record-token-counts.mjs.
struct FixtureText
{
    QString id;
    QString kind;
    QString text;
    int tokens{};
};

QString fixturePath()
{
    return QDir(test::sourceDir()).filePath(QStringLiteral("tests/fixtures/token_counts.json"));
}

// Empty with a warning when the file is missing or malformed; the caller's checks then fail.
QList<FixtureText> loadFixture()
{
    QFile file(fixturePath());
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("cannot open %s", qPrintable(fixturePath()));
        return {};
    }
    const QByteArray bytes = file.readAll();
    QList<FixtureText> texts;
    try {
        const auto root = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size());
        for (const auto& entry : root) {
            texts.append({QString::fromStdString(entry.at("id").get<std::string>()),
                          QString::fromStdString(entry.at("kind").get<std::string>()),
                          QString::fromStdString(entry.at("text").get<std::string>()), entry.at("tokens").get<int>()});
        }
    } catch (const nlohmann::json::exception& e) {
        qWarning("malformed %s: %s", qPrintable(fixturePath()), e.what());
        return {};
    }
    return texts;
}

double ratio(const FixtureText& t)
{
    return static_cast<double>(TokenEstimator::estimate(t.text)) / t.tokens;
}

} // namespace

class TestTokenEstimator final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_texts = loadFixture();
        // A fixture that lost its texts would make every check below pass without checking anything.
        QVERIFY2(m_texts.size() >= 40, qPrintable(QStringLiteral("only %1 texts in the fixture").arg(m_texts.size())));
        QSet<QString> ids;
        QSet<QString> kinds;
        for (const FixtureText& t : std::as_const(m_texts)) {
            QVERIFY2(t.tokens > 0 && !t.text.isEmpty(), qPrintable(t.id));
            ids.insert(t.id);
            kinds.insert(t.kind);
        }
        QCOMPARE(ids.size(), m_texts.size());
        for (const char* kind : {"zh", "en", "mixed", "long-zh", "long-en", "long-mixed"})
            QVERIFY2(kinds.contains(QLatin1String(kind)), kind);
    }

    void everyTextWithinTwentyPercent_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("trueTokens");
        for (const FixtureText& t : std::as_const(m_texts))
            QTest::newRow(qPrintable(t.id)) << t.text << t.tokens;
    }

    void everyTextWithinTwentyPercent()
    {
        QFETCH(QString, text);
        QFETCH(int, trueTokens);
        const int estimate = TokenEstimator::estimate(text);
        const double r = static_cast<double>(estimate) / trueTokens;
        QVERIFY2(r >= 0.8 && r <= 1.2,
                 qPrintable(QStringLiteral("estimated %1, true %2 (ratio %3)").arg(estimate).arg(trueTokens).arg(r)));
    }

    void totalWithinFivePercent()
    {
        qint64 estimated{};
        qint64 truth{};
        const FixtureText* worst = nullptr;
        for (const FixtureText& t : std::as_const(m_texts)) {
            estimated += TokenEstimator::estimate(t.text);
            truth += t.tokens;
            if (!worst || std::abs(ratio(t) - 1.0) > std::abs(ratio(*worst) - 1.0))
                worst = &t;
        }
        QVERIFY(worst);
        const double total = static_cast<double>(estimated) / static_cast<double>(truth);
        qInfo("worst ratio %.3f (%s: estimated %d, true %d); total %lld / %lld = %.3f", ratio(*worst),
              qPrintable(worst->id), TokenEstimator::estimate(worst->text), worst->tokens, estimated, truth, total);
        QVERIFY2(total >= 0.95 && total <= 1.05, qPrintable(QString::number(total)));
    }

    void emptyTextIsFreeAndAnyOtherCostsAToken()
    {
        QCOMPARE(TokenEstimator::estimate(QString()), 0);
        QCOMPARE(TokenEstimator::estimate(QStringLiteral(" ")), 1);
        QCOMPARE(TokenEstimator::estimate(QStringLiteral(".")), 1);
        QCOMPARE(TokenEstimator::estimate(QString::fromUtf8("好")), 1);
    }

    void costGrowsWithTheText()
    {
        // Budgets are cut by these estimates: ten copies of a text must cost about ten times as much.
        for (const FixtureText& t : std::as_const(m_texts)) {
            const QString line = t.text + QLatin1Char('\n');
            const int once = TokenEstimator::estimate(line);
            const int tenTimes = TokenEstimator::estimate(line.repeated(10));
            QVERIFY2(std::abs(tenTimes - 10 * once) <= 5, qPrintable(t.id));
        }
    }

private:
    QList<FixtureText> m_texts;
};

QTEST_GUILESS_MAIN(TestTokenEstimator)
#include "tst_tokenestimator.moc"
