#include "gui/ChatInput.h"

#include <QApplication>
#include <QClipboard>
#include <QSignalSpy>
#include <QTest>

using namespace engram;

class TestChatInput final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aHugePasteIsCutAtTheLimitSayingSo()
    {
        // A 10 MB paste went into the box whole, and from there into the memory and the prompt.
        ChatInput input;
        input.setPlainText(QStringLiteral("Look at this: "));
        input.moveCursor(QTextCursor::End);
        QSignalSpy limit(&input, &ChatInput::limitReached);
        const QString pasted(10 * 1024 * 1024, QLatin1Char('x'));
        QApplication::clipboard()->setText(pasted);
        input.paste();
        QCOMPARE(input.text().size(), ChatInput::kMaxChars);
        QVERIFY(input.text().startsWith(QStringLiteral("Look at this: xxx")));
        QCOMPARE(limit.count(), 1);
        const QString message = limit.first().first().toString();
        QVERIFY2(message.contains(QLocale().toString(10 * 1024 * 1024)), qPrintable(message));
        QVERIFY2(message.contains(QLocale().toString(ChatInput::kMaxChars)), qPrintable(message));

        // Full: a further paste adds nothing and says so again.
        QApplication::clipboard()->setText(QStringLiteral("more"));
        input.paste();
        QCOMPARE(input.text().size(), ChatInput::kMaxChars);
        QCOMPARE(limit.count(), 2);
    }

    void aPasteWithinTheLimitIsWhole()
    {
        ChatInput input;
        QSignalSpy limit(&input, &ChatInput::limitReached);
        QApplication::clipboard()->setText(QStringLiteral("限流 is 200/min"));
        input.paste();
        QCOMPARE(input.text(), QStringLiteral("限流 is 200/min"));
        QCOMPARE(limit.count(), 0);
    }
};

QTEST_MAIN(TestChatInput)
#include "tst_chatinput.moc"
