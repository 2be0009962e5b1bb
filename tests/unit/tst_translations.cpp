// The shipped translation files: every Chinese entry translated (an unfinished one shows English in
// the Chinese UI), every plural form filled, and the placeholders a translation needs all present.
#include "TestSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct TsMessage
{
    QString context;
    QString source;
    bool numerus{};
    bool unfinished{};
    bool vanished{};
    QStringList forms; // the translation, or its plural forms
};

QList<TsMessage> readTs(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<TsMessage> messages;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        // A plural entry ends here, after its <numerusform>s.
        if (xml.isEndElement() && xml.name() == QLatin1String("translation")) {
            messages.append(current);
            continue;
        }
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = {};
            current.context = context;
            current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type"));
            current.unfinished = type == QLatin1String("unfinished");
            current.vanished = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
            if (!current.numerus) {
                current.forms.append(xml.readElementText()); // consumes </translation>
                messages.append(current);
            }
        } else if (name == QLatin1String("numerusform")) {
            current.forms.append(xml.readElementText());
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

// %1…%9 and %n, as a set: a translation may reorder them but must keep each one.
QSet<QString> placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d|n)"));
    QSet<QString> found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(0));
    return found;
}

QString where(const TsMessage& m)
{
    return m.context + QStringLiteral(": ") + m.source.left(80);
}

} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT

private:
    static QList<TsMessage> load(const char* name)
    {
        QString error;
        const auto messages =
            readTs(engram::test::sourceDir() + QStringLiteral("/translations/") + QString::fromLatin1(name), &error);
        if (!error.isEmpty())
            qWarning("%s: %s", name, qPrintable(error));
        return messages;
    }

private Q_SLOTS:
    void chineseIsComplete()
    {
        const QList<TsMessage> messages = load("engram_zh_CN.ts");
        QVERIFY(messages.size() > 300);
        QStringList missing;
        for (const TsMessage& m : messages) {
            if (m.vanished)
                continue;
            bool empty = m.forms.isEmpty();
            for (const QString& form : m.forms)
                empty = empty || form.trimmed().isEmpty();
            if (m.unfinished || empty)
                missing.append(where(m));
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }

    void chineseKeepsEveryPlaceholder()
    {
        QStringList wrong;
        for (const TsMessage& m : load("engram_zh_CN.ts")) {
            if (m.vanished)
                continue;
            const QSet<QString> expected = placeholders(m.source);
            for (const QString& form : m.forms) {
                if (placeholders(form) != expected)
                    wrong.append(where(m) + QStringLiteral(" → ") + form);
            }
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
    }

    void englishHasEveryPluralForm()
    {
        const QList<TsMessage> messages = load("engram_en.ts");
        QVERIFY(!messages.isEmpty());
        int plurals{};
        QStringList missing;
        for (const TsMessage& m : messages) {
            if (!m.numerus || m.vanished)
                continue;
            ++plurals;
            if (m.forms.size() != 2 || m.forms.at(0).isEmpty() || m.forms.at(1).isEmpty())
                missing.append(where(m));
        }
        QVERIFY(plurals > 0);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
