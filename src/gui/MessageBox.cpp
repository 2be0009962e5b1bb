#include "MessageBox.h"

#include <QMessageBox>
#include <QPushButton>

namespace engram {

std::optional<bool> MessageBox::s_nextAnswer;
bool MessageBox::s_testMode{};
QString MessageBox::s_lastText;

bool MessageBox::confirm(QWidget* parent, const QString& title, const QString& text, const QString& informative,
                         const QString& acceptText)
{
    s_lastText = text;
    if (s_nextAnswer) {
        const bool answer = *s_nextAnswer;
        s_nextAnswer.reset();
        return answer;
    }
    if (s_testMode)
        return false;
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::NoButton, parent);
    box.setInformativeText(informative);
    QPushButton* accept = box.addButton(acceptText, QMessageBox::DestructiveRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == accept;
}

void MessageBox::warning(QWidget* parent, const QString& title, const QString& text, const QString& informative)
{
    s_lastText = text;
    if (s_testMode)
        return;
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box.setInformativeText(informative);
    box.exec();
}

void MessageBox::about(QWidget* parent, const QString& title, const QString& text)
{
    s_lastText = text;
    if (s_testMode)
        return;
    QMessageBox::about(parent, title, text);
}

void MessageBox::information(QWidget* parent, const QString& title, const QString& text, const QString& informative)
{
    s_lastText = text;
    if (s_testMode)
        return;
    QMessageBox box(QMessageBox::Information, title, text, QMessageBox::Ok, parent);
    box.setInformativeText(informative);
    box.exec();
}

void MessageBox::setNextAnswer(bool answer)
{
    s_nextAnswer = answer;
}

void MessageBox::setTestMode(bool on)
{
    s_testMode = on;
}

QString MessageBox::lastText()
{
    return s_lastText;
}

} // namespace engram
